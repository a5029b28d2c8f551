// An instant as Date.prototype.toISOString writes it, without going through the engine's formatter: every answer
// carries two such strings (created_at, cache_expires_at), and the built-in formats through a printf of seven fields.

/** 0000-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the years written with four digits. */
const FIRST_MS = -62_167_219_200_000;
const END_MS = 253_402_300_800_000;
const DAY_MS = 86_400_000;

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

function pad3(n: number): string {
  return n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`;
}

function pad4(n: number): string {
  return n < 10 ? `000${n}` : n < 100 ? `00${n}` : n < 1000 ? `0${n}` : `${n}`;
}

/**
 * `date.toISOString()`, byte for byte: written here for the years 0 to 9999, left to the built-in for the rest
 * (six-digit years) and for an invalid date (which throws RangeError as it does).
 */
export function isoTimestamp(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= FIRST_MS && ms < END_MS)) return date.toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // The civil date of a day count from 1970-01-01, in 400-year eras starting on March 1st (a proleptic Gregorian
  // calendar, as Date keeps).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1_460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1_000);
  const millis = rest - seconds * 1_000;
  return `${pad4(year)}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(millis)}Z`;
}
