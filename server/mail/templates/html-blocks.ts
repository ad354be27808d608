import type { Block, Fact } from './blocks.js';
import { html, type SafeHtml } from './html.js';

/** The web app's colours (web/src/styles/main.scss: Bootstrap with the store's red as primary). */
export const COLOURS = {
  primary: '#c0392b',
  dark: '#212529',
  text: '#212529',
  muted: '#6c757d',
  border: '#dee2e6',
  page: '#f8f9fa',
  white: '#ffffff',
} as const;

/** The reader's own system fonts: an e-mail loads none. */
export const FONT = '-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

const CELL = `padding:8px 6px;border-bottom:1px solid ${COLOURS.border};vertical-align:top;`;
const TABLE = 'width:100%;border-collapse:collapse;margin:0 0 20px;font-size:14px;';

function factRows(facts: readonly Fact[], columns: number): SafeHtml[] {
  return facts.map(
    ({ label, value, strong }) =>
      html`<tr>
        <td
          colspan="${columns - 1}"
          style="padding:4px 6px;text-align:right;color:${strong ? COLOURS.text : COLOURS.muted};${strong ? 'font-weight:bold;' : ''}"
        >
          ${label}
        </td>
        <td
          style="padding:4px 6px;text-align:right;white-space:nowrap;${strong ? 'font-weight:bold;font-size:16px;' : ''}"
        >
          ${value}
        </td>
      </tr>`,
  );
}

function linesTable(block: Extract<Block, { type: 'lines' }>): SafeHtml {
  const head = (label: string, align: 'left' | 'right') =>
    html`<th style="${CELL}text-align:${align};color:${COLOURS.muted};font-weight:normal;">${label}</th>`;
  return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${TABLE}">
    <tr>
      ${head('Part', 'left')}${head('Quantity', 'right')}${head('Unit price', 'right')}${head('Total', 'right')}
    </tr>
    ${block.lines.map(
      (line) =>
        html`<tr>
          <td style="${CELL}">${line.name}</td>
          <td style="${CELL}text-align:right;">${line.quantity}</td>
          <td style="${CELL}text-align:right;white-space:nowrap;">${line.unitPrice}</td>
          <td style="${CELL}text-align:right;white-space:nowrap;">${line.total}</td>
        </tr>`,
    )}
    ${factRows(block.totals, 4)}
  </table>`;
}

/** One block of an e-mail as HTML, every text in it escaped. */
export function blockHtml(block: Block): SafeHtml {
  switch (block.type) {
    case 'paragraph':
      return html`<p style="margin:0 0 16px;">${block.text}</p>`;
    case 'facts':
      return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="${TABLE}">
        ${block.facts.map(
          ({ label, value }) =>
            html`<tr>
              <td style="padding:3px 12px 3px 0;color:${COLOURS.muted};white-space:nowrap;vertical-align:top;">
                ${label}
              </td>
              <td style="padding:3px 0;word-break:break-word;">${value}</td>
            </tr>`,
        )}
      </table>`;
    case 'lines':
      return linesTable(block);
    case 'address':
      return html`<p style="margin:0 0 16px;">
        <strong>${block.title}</strong><br />${block.lines.map(
          (line, index) => html`${index > 0 ? html`<br />` : ''}${line}`,
        )}
      </p>`;
    case 'button':
      return html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
        <tr>
          <td style="background:${COLOURS.primary};border-radius:6px;">
            <a
              href="${block.href}"
              style="display:inline-block;padding:12px 24px;color:${COLOURS.white};font-weight:bold;text-decoration:none;"
              >${block.label}</a
            >
          </td>
        </tr>
      </table>`;
    case 'link':
      return html`<p style="margin:0 0 16px;">
        <a href="${block.href}" style="color:${COLOURS.primary};">${block.label}</a>
      </p>`;
  }
}
