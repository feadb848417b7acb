import { intlLocale, stripMarks } from './format.ts';
import { directionOf, normaliseLanguage } from './languages.ts';

/**
 * A chart's time labels, apart from format.ts so that they load with the chart's lazy chunk and
 * not with the home page (whose JavaScript has a budget: docs/design.md, "Quality").
 *
 * The chart stays left to right in every language (time runs left to right: CandleChart.module.css),
 * so an Arabic label, "26 نوفمبر، 03:00", is laid out in a left-to-right paragraph: the day stays
 * at the left end and the time joins the month's right-to-left run, so from the right it reads
 * month, time, day. ApexCharts has no right-to-left option for its labels (it draws SVG text in
 * the container's direction), so the label carries its own: a right-to-left isolate
 * (U+2067 … U+2069) lays it out as one right-to-left paragraph, placed as a unit, as an Arabic
 * line reads (day, month, time from the right; checked on a screenshot of Chromium's SVG text).
 * RLI rather than FSI (U+2068), which would guess the direction from the first strong letter:
 * the language knows it.
 */
const RLI = '\u2067';
const PDI = '\u2069';

const axisFormats = new Map<string, Intl.DateTimeFormat>();
/** A chart axis's moment: day, short month and 24-hour time in the language ("11月26日 03:00", "26. Nov., 03:00"). */
export function formatAxisTimeIn(language: string, time: string | number | Date): string {
  const key = intlLocale(language);
  let f = axisFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(key, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    axisFormats.set(key, f);
  }
  const label = stripMarks(f.format(new Date(time)));
  return directionOf(normaliseLanguage(language)) === 'rtl' ? `${RLI}${label}${PDI}` : label;
}
