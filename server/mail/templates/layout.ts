import type { MailStore } from '../messages.js';
import { blocksOf, storeLink, type Email } from './blocks.js';
import { blockHtml, COLOURS, FONT } from './html-blocks.js';
import { html } from './html.js';

/**
 * The HTML part: one 600-pixel column of tables with inline styles, which mail clients draw alike
 * (many drop <style> and know no flexbox), in the store's colours; nothing fetched from anywhere.
 */
export function renderHtml(email: Email, store: MailStore): string {
  const home = storeLink(store, '/');
  const page = html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>${email.subject}</title>
      </head>
      <body style="margin:0;padding:0;background:${COLOURS.page};">
        <table
          role="presentation"
          width="100%"
          cellpadding="0"
          cellspacing="0"
          border="0"
          style="background:${COLOURS.page};"
        >
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="600"
                cellpadding="0"
                cellspacing="0"
                border="0"
                style="width:100%;max-width:600px;background:${COLOURS.white};border:1px solid ${COLOURS.border};border-collapse:collapse;"
              >
                <tr>
                  <td
                    style="background:${COLOURS.dark};border-bottom:4px solid ${COLOURS.primary};padding:18px 24px;font-family:${FONT};"
                  >
                    <a
                      href="${home}"
                      style="color:${COLOURS.white};font-size:22px;font-weight:bold;text-decoration:none;"
                      >${store.name}</a
                    >
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px;font-family:${FONT};font-size:15px;line-height:1.5;color:${COLOURS.text};">
                    <h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLOURS.text};">
                      ${email.title}
                    </h1>
                    ${blocksOf(email).map(blockHtml)}
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 24px;background:${COLOURS.page};border-top:1px solid ${COLOURS.border};font-family:${FONT};font-size:12px;line-height:1.5;color:${COLOURS.muted};"
                  >
                    <a href="${home}" style="color:${COLOURS.primary};font-weight:bold;text-decoration:none;"
                      >${store.name}</a
                    ><br />
                    Questions? Write to ${store.contactEmail}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `;
  return page.value;
}
