// The API's two plan addresses are build-time settings (the spec names them only as
// {base_url} and {free_base_url}). The defaults point at the local server in server/.
export interface PlanAddresses {
  paid: string;
  free: string;
}

const DEFAULT_PAID_URL = 'http://127.0.0.1:8787';
const DEFAULT_FREE_URL = 'http://127.0.0.1:8788';

export function planAddresses(env: Record<string, string | undefined> = process.env): PlanAddresses {
  return {
    paid: (env.GLOSSA_PAID_URL || DEFAULT_PAID_URL).replace(/\/+$/, ''),
    free: (env.GLOSSA_FREE_URL || DEFAULT_FREE_URL).replace(/\/+$/, ''),
  };
}

/** Match pattern for a URL's host: ports are not part of match patterns in every browser. */
export function originPattern(url: string): string {
  const { protocol, hostname } = new URL(url);
  return `${protocol}//${hostname}/*`;
}
