// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseStartOptions, UsageError } from '../../../scripts/lib/start-options';

describe('npm start options', () => {
  it('opens a window when there is a display and runs the tour when there is none', () => {
    expect(parseStartOptions([], { DISPLAY: ':0' }, '/p').mode).toBe('headed');
    expect(parseStartOptions([], { WAYLAND_DISPLAY: 'wayland-0' }, '/p').mode).toBe('headed');
    expect(parseStartOptions([], {}, '/p').mode).toBe('headless');
  });

  it('lets a flag choose the mode whatever the display says', () => {
    expect(parseStartOptions(['--headless'], { DISPLAY: ':0' }, '/p').mode).toBe('headless');
    expect(parseStartOptions(['--headed'], {}, '/p').mode).toBe('headed');
  });

  it('shoots every UI language only when --locales asks for it', () => {
    expect(parseStartOptions(['--headless'], {}, '/p').locales).toBeUndefined();
    expect(parseStartOptions(['--headless', '--locales'], {}, '/p').locales).toBe(true);
  });

  it('refuses both modes at once', () => {
    expect(() => parseStartOptions(['--headed', '--headless'], {}, '/p')).toThrow(/either --headed or --headless/);
  });

  it('saves screenshots in .tour/ unless --out names another folder', () => {
    expect(parseStartOptions([], {}, '/p').outDir).toBe('/p/.tour');
    expect(parseStartOptions(['--out', 'docs/screenshots'], {}, '/p').outDir).toBe('/p/docs/screenshots');
    expect(parseStartOptions(['--out=/tmp/x'], {}, '/p').outDir).toBe('/tmp/x');
    expect(() => parseStartOptions(['--out'], {}, '/p')).toThrow(/--out needs a folder/);
  });

  it('takes a demo port but not a bad one or the API server\'s', () => {
    expect(parseStartOptions(['--demo-port', '9000'], {}, '/p')).toMatchObject({ demoPort: 9000, apiPort: 8787 });
    expect(() => parseStartOptions(['--demo-port', 'abc'], {}, '/p')).toThrow(/port number/);
    expect(() => parseStartOptions(['--demo-port', '70000'], {}, '/p')).toThrow(/port number/);
    expect(() => parseStartOptions(['--demo-port', '8787'], {}, '/p')).toThrow(/cannot be 8787/);
  });

  it('names an unknown option and shows the usage', () => {
    const err = (() => {
      try {
        parseStartOptions(['--fast'], {}, '/p');
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect(err?.message).toContain('Unknown option "--fast"');
    expect(err?.message).toContain('Usage: npm start');
  });
});
