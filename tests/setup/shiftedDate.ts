/**
 * The server suite on PGlite runs with the machine's date moved far from today (docs/design.md,
 * "Time in tests"): the process's `Date` (which PGlite's `now()` reads too, being in-process)
 * runs TEST_DATE_SHIFT_DAYS ahead. A test that mixes a pinned platform clock with the real date
 * (`now()`, `Date.now()`, `new Date()`) fails on every run, not on the day the calendar catches
 * up with it. Durations are unchanged: only the origin moves.
 */
const days = Number(process.env.TEST_DATE_SHIFT_DAYS ?? 0);
// a worker that runs several files without isolation runs this once per file: shift once
const alreadyShifted = (globalThis.Date as { shifted?: boolean }).shifted === true;
if (days && !alreadyShifted) {
  const offset = days * 24 * 3600 * 1000;
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now() {
      return RealDate.now() + offset;
    }
    static shifted = true;
  }
  globalThis.Date = ShiftedDate as unknown as DateConstructor;
}
