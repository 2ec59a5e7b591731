export interface StepResult {
  name: string;
  exitCode: number | null;
  durationMs: number;
  passed: number;
  failed: number;
  skipped: number;
  failures: string[];
  skips: string[];
  counted: boolean;
  note?: string;
}
export function commandStep(name: string, exitCode: number | null, durationMs: number): StepResult;
export function skippedStep(name: string, reason: string): StepResult;
export function vitestStep(name: string, report: unknown, run: { exitCode: number | null; durationMs: number; output?: string }): StepResult;
export function playwrightStep(name: string, report: unknown, run: { exitCode: number | null; durationMs: number }): StepResult;
export function unhandledErrors(output: string): number;
export function summarize(steps: StepResult[], options: { ci: boolean; totalMs: number }): { lines: string[]; ok: boolean };
