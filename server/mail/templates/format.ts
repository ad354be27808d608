/**
 * Money, dates, countries and subjects as the e-mails write them. The web app formats prices the
 * same way (web/src/lib/store-config.ts); it reads the browser's settings, so it is not shared.
 */

const FALLBACK_CURRENCY = 'USD';
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // STORE_CURRENCY is checked at start, but an e-mail must never fail for want of a symbol.
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency: FALLBACK_CURRENCY });
    }
    moneyFormats.set(currency, format);
  }
  return format;
}

/** An amount in currency units (as the API gives it) in the store's currency: `$1,234.50`. */
export const formatMoney = (amount: number, currency: string): string => moneyFormat(currency).format(amount);

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** An ISO time as a day, `March 4, 2025`, in UTC: the server knows no reader's time zone. */
export function formatDay(iso: string | null): string | undefined {
  if (!iso) return undefined;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? undefined : dateFormat.format(at);
}

let regionNames: Intl.DisplayNames | undefined;

/** A country's English name from its ISO code (`Germany` for `DE`); the code when Intl cannot name it. */
export function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A subject with no line breaks nor other control characters, whatever a part or a customer is
 * called: a header holds one line, and a break in it would start a header of the sender's choosing.
 */
export const subjectLine = (text: string): string =>
  text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
