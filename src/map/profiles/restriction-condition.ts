/**
 * When the condition of a `restriction:conditional` part holds (docs/routing.md, conditional restrictions):
 * in some hours of the week, at all times, or never, for a car or a truck. Time conditions are the
 * opening-hours forms restrictions use (`Mo-Fr 07:00-09:00,16:00-18:00`, `Sa,Su`, `22:00-06:00`, several rules
 * separated by `;`); conditions naming the vehicle's weight or size (`weight > 7.5`, `hgv`, `length > 12`)
 * hold for every truck and no car; `AND` joins clauses. Anything else cannot be read: undefined.
 */
export const WEEK_HOURS = 7 * 24;
const DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const DAY_RANGE = /^(Mo|Tu|We|Th|Fr|Sa|Su)(?:-(Mo|Tu|We|Th|Fr|Sa|Su))?$/;
const TIME_RANGE = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;
const VEHICLE_CLAUSE = /^(?:(?:max)?(?:weight|length|width|height|axleload)\s*[<>]=?\s*\d+(?:\.\d+)?\s*t?|hgv|goods|truck|trailer)$/i;

/** Hours of the week it holds in: 1 per hour (hour 0 is Monday 00:00–01:00), or all/none of them. */
export type ConditionTime = 'always' | 'never' | Uint8Array;

/** Days of a day selector (`Mo-Fr,Su`), or undefined when it is not one. */
function daysOf(selector: string): number[] | undefined {
  const days: number[] = [];
  for (const range of selector.split(',')) {
    const m = DAY_RANGE.exec(range.trim());
    if (!m) return undefined;
    const first = DAYS.indexOf(m[1]!), last = DAYS.indexOf(m[2] ?? m[1]!);
    for (let d = first; ; d = (d + 1) % 7) {
      days.push(d);
      if (d === last) break;
    }
  }
  return days;
}

/** Minute ranges of a time selector (`07:00-09:00,16:00-18:00`), an end before the start running past midnight. */
function minutesOf(selector: string): [number, number][] | undefined {
  const ranges: [number, number][] = [];
  for (const range of selector.split(',')) {
    const m = TIME_RANGE.exec(range.trim());
    if (!m) return undefined;
    const start = Number(m[1]) * 60 + Number(m[2]), end = Number(m[3]) * 60 + Number(m[4]);
    if (start >= 24 * 60 || end > 24 * 60) return undefined;
    ranges.push([start, end > start ? end : end + 24 * 60]);
  }
  return ranges;
}

/** One opening-hours rule: days, times or both. An hour counts when any minute of it is inside. */
function ruleHours(rule: string, hours: Uint8Array): boolean {
  const words = rule.trim().split(/\s+/);
  const days = words.length > 0 ? daysOf(words[0]!) : undefined;
  const timeWords = days ? words.slice(1) : words;
  if (timeWords.length > 1) return false;
  const minutes = timeWords.length === 1 ? minutesOf(timeWords[0]!) : [[0, 24 * 60] as [number, number]];
  if (!minutes || (!days && timeWords.length === 0)) return false;
  for (const day of days ?? [0, 1, 2, 3, 4, 5, 6]) {
    for (const [start, end] of minutes) {
      for (let h = Math.floor(start / 60); h * 60 < end; h++) hours[(day * 24 + h) % WEEK_HOURS] = 1;
    }
  }
  return true;
}

function clauseTime(clause: string, truck: boolean): ConditionTime | undefined {
  if (VEHICLE_CLAUSE.test(clause)) return truck ? 'always' : 'never';
  const hours = new Uint8Array(WEEK_HOURS);
  for (const rule of clause.split(';')) if (!ruleHours(rule, hours)) return undefined;
  return hours;
}

function both(a: ConditionTime, b: ConditionTime): ConditionTime {
  if (a === 'never' || b === 'never') return 'never';
  if (a === 'always') return b;
  if (b === 'always') return a;
  return a.map((v, h) => v & b[h]!);
}

export function conditionTime(condition: string, truck: boolean): ConditionTime | undefined {
  let time: ConditionTime = 'always';
  for (const clause of condition.split(/\s+AND\s+/i)) {
    const next = clauseTime(clause.trim().replace(/^\((.*)\)$/s, '$1').trim(), truck);
    if (next === undefined) return undefined;
    time = both(time, next);
  }
  return time;
}
