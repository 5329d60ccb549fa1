// Registers the engine's extras (extras.ts) in this world: imported by the script injected on
// first need (entrypoints/page-extras.ts), and by tests and benchmarks that run the engine alone.
import { buildBilingual } from './bilingual';
import { provideEngineExtras } from './extras';
import { createFailureMarks } from './failure-marks';
import { unitsLeftOut } from './scope-change';
import { compileScope } from './site-scope';
import { createTermRefresh } from './term-refresh';
import { releaseMarks, restoreMarks, undoWrite } from './undo-write';

provideEngineExtras({ buildBilingual, createTermRefresh, createFailureMarks, compileScope, unitsLeftOut, undoWrite, releaseMarks, restoreMarks });
