/**
 * The one look every email has: the site's logo and name on top, the message, one button for the main
 * action, the order's details where there is an order, and the site's address at the foot; beside it the
 * same content as plain text. Tables and inline styles, because mail clients drop style sheets and most
 * of CSS layout; one column at most 600 px wide, so a phone shows it without zooming. Pure.
 */

export interface EmailContent {
  site: { name: string; url: string };
  greeting: string;
  lines: readonly string[];
  button: { label: string; href: string };
  /** Label and value pairs (the item, its price, the order...), shown as a small table. */
  details: ReadonlyArray<readonly [label: string, value: string]>;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The site's colours (web/src/index.css): its gold accent for the button, its navy for the top bar. */
const GOLD = "#b45309";
const INK = "#1f2937";
const MUTED = "#6b7280";
const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export function emailText(content: EmailContent): string {
  return [
    content.greeting,
    "",
    ...content.lines,
    ...(content.details.length ? ["", ...content.details.map(([label, value]) => `${label}: ${value}`)] : []),
    "",
    `${content.button.label}: ${content.button.href}`,
    "",
    "--",
    content.site.name,
    content.site.url,
  ].join("\n");
}

export function emailHtml(content: EmailContent): string {
  const { site } = content;
  const details = content.details.length
    ? [
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 20px;border:1px solid #e5e7eb;border-radius:6px">`,
        ...content.details.map(
          ([label, value]) =>
            `<tr><td style="padding:8px 12px;color:${MUTED};font-size:14px;width:40%">${escapeHtml(label)}</td><td style="padding:8px 12px;font-size:14px;font-weight:600">${escapeHtml(value)}</td></tr>`,
        ),
        "</table>",
      ]
    : [];
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(site.name)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;${FONT};color:${INK}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:16px 8px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;overflow:hidden">`,
    `<tr><td style="background:#0f172a;padding:16px 24px"><a href="${escapeHtml(site.url)}" style="color:#ffffff;text-decoration:none;font-size:18px;font-weight:700"><img src="${escapeHtml(`${site.url}/icons/icon-192.png`)}" width="32" height="32" alt="" style="vertical-align:middle;border:0;margin-right:10px;border-radius:6px">${escapeHtml(site.name)}</a></td></tr>`,
    `<tr><td style="padding:24px;font-size:16px;line-height:1.5">`,
    `<p style="margin:0 0 12px">${escapeHtml(content.greeting)}</p>`,
    ...content.lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`),
    ...details,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0"><tr><td style="border-radius:6px;background:${GOLD}"><a href="${escapeHtml(content.button.href)}" style="display:inline-block;padding:12px 24px;min-height:20px;color:#ffffff;font-weight:700;text-decoration:none;font-size:16px">${escapeHtml(content.button.label)}</a></td></tr></table>`,
    `</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;color:${MUTED};font-size:13px">${escapeHtml(site.name)} · <a href="${escapeHtml(site.url)}" style="color:${MUTED}">${escapeHtml(site.url)}</a></td></tr>`,
    `</table></td></tr></table></body></html>`,
  ].join("\n");
}
