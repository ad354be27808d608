import type { z } from 'zod';

/**
 * What a one-line field (a name, an address line, a phone number, a carrier) never holds: control
 * characters (CR, LF, tab, ESC, NEL...), line and paragraph separators, and the bidi marks, embeddings,
 * overrides and isolates. In a plain-text e-mail, an invoice or a log they would start lines or turn
 * text around that the store never wrote.
 */
const NOT_ONE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}]/u;

export const isOneLine = (text: string): boolean => !NOT_ONE_LINE.test(text);

/** The text with each character a one-line field refuses made a space: for what a provider sends (Google's names). */
export const toOneLine = (text: string): string => text.replace(new RegExp(NOT_ONE_LINE.source, 'gu'), ' ');

export const notOneLineMessage = (label: string) => `${label} cannot contain line breaks or control characters`;

/** A one-line field: `text` (a string schema with its own messages and limits) that also refuses what isOneLine refuses. */
export const oneLine = <Text extends z.ZodString>(text: Text, label: string): Text =>
  text.refine(isOneLine, { error: notOneLineMessage(label) });
