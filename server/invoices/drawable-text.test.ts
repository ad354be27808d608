import { describe, expect, it } from 'vitest';
import { drawableText, REPLACEMENT } from './drawable-text.js';

describe('text for the built-in fonts', () => {
  it.each([
    ['plain ASCII', 'Sintered pads (front) #42 <x> & \\', 'Sintered pads (front) #42 <x> & \\'],
    ['Latin-1 letters', 'Müller Straße, Besançon, Ørsted', 'Müller Straße, Besançon, Ørsted'],
    ["WinAnsi's own extras", '€ 12 – “quoted” • Œuvre™ š ž Ÿ', '€ 12 – “quoted” • Œuvre™ š ž Ÿ'],
    ['accents WinAnsi lacks', 'Dvořák, Náměstí, Łódź, Kraków', 'Dvorák, Námestí, Lódz, Kraków'],
    ['decomposed accents', 'Jir\u030Ci', 'Jiri'],
    ['ligatures', 'ﬁne ﬂow', 'fine flow'],
    ['tabs and line breaks', 'line one\nline two\tend\r\n', 'line one line two end  '],
    ['invisible characters', 'zero\u200Bwidth\u0007bell\u00ADsoft', 'zerowidthbell\u00ADsoft'],
  ])('when it has %s, then it reads %j', (_what, text, drawable) => {
    expect(drawableText(text)).toBe(drawable);
  });

  it('when it has Chinese or an emoji, then each character becomes one replacement character', () => {
    expect(drawableText('刹车片 pads 🏍️')).toBe(`${REPLACEMENT.repeat(3)} pads ${REPLACEMENT}`);
  });

  it('when any text is made drawable, then every character is one WinAnsi has', () => {
    const winAnsiExtras = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
    const everything = Array.from({ length: 0x3000 }, (_, code) => String.fromCodePoint(code)).join('') + '🏍️👍🏽';
    for (const char of drawableText(everything)) {
      const code = char.codePointAt(0) ?? 0;
      const drawable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.includes(char);
      expect(drawable, `U+${code.toString(16)}`).toBe(true);
    }
  });
});
