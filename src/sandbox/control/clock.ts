/** The sandbox clock: real time plus an offset that only moves forward through the control surface. */
export class SandboxClock {
  private offsetMs: number;

  /** `start` (epoch ms) sets the clock's current reading; real time by default. */
  constructor(start?: number) {
    this.offsetMs = start === undefined ? 0 : start - Date.now();
  }

  readonly now = (): number => Date.now() + this.offsetMs;

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
