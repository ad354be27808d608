/**
 * Text the PDF's built-in fonts can draw. pdfkit writes a standard font's text in WinAnsiEncoding,
 * one byte per character, as hex: it does not check that a character has a byte there, it writes
 * its code point's hex digits whatever their number. A character above U+00FF (Chinese, Polish "ł",
 * an emoji) or below U+0010 (a tab) then shifts every following byte: no error, but the rest of the
 * line comes out as other letters. So every text goes through `drawableText` first: what WinAnsi
 * has stays, letters with accents it lacks lose the accent ("ř" becomes "r"), and anything else
 * becomes REPLACEMENT.
 */
export const REPLACEMENT = '?';

/** WinAnsi's characters beyond Latin-1 (its bytes 0x80 to 0x9F), which pdfkit maps to their bytes itself. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters with no decomposition to a base letter WinAnsi has, but an obvious one. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
};

function isDrawable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function drawableChar(char: string): string {
  if (isDrawable(char)) return char;
  // Line breaks and tabs inside one value (an address typed with Enter) read as spaces.
  if (/\s/u.test(char)) return ' ';
  // Invisible: controls, joiners and marks left over after composition.
  if (/[\p{Cc}\p{Cf}\p{M}]/u.test(char)) return '';
  const lookAlike = LOOK_ALIKES[char];
  if (lookAlike) return lookAlike;
  const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
  return base !== '' && [...base].every(isDrawable) ? base : REPLACEMENT;
}

/** `text` with only characters the standard fonts draw: see above. */
export function drawableText(text: string): string {
  let drawable = '';
  for (const char of text.normalize('NFC')) drawable += drawableChar(char);
  return drawable;
}
