/**
 * The countries an order can ship to: ISO 3166-1 alpha-2 codes, the form the contract's address takes
 * (`country`), named in the reader's language by the browser (Intl.DisplayNames), not by a list of
 * names shipped with the store.
 */
const CODES = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW
`
  .trim()
  .split(/\s+/);

function displayNames(locale: string | undefined): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames(locale ? [locale, 'en'] : ['en'], { type: 'region' });
  } catch {
    return undefined;
  }
}

const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/** A country's name (`Germany` for `DE`); the code itself when the browser cannot name it. */
export const countryName = (code: string, locale = browserLocale()) => displayNames(locale)?.of(code) ?? code;

/** Every country, as options of a select: `{ code, name }` in the order of their names. */
export function countryOptions(locale = browserLocale()): { code: string; name: string }[] {
  const names = displayNames(locale);
  return CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** The country of the browser's language (`US` for en-US), if it is one of the list. */
export function browserCountry(locale = browserLocale()): string | undefined {
  try {
    const region = locale ? new Intl.Locale(locale).maximize().region : undefined;
    return region && CODES.includes(region) ? region : undefined;
  } catch {
    return undefined;
  }
}
