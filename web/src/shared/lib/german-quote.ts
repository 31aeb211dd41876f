// A text in German quotation marks, „…“, with the quotes inside it made the inner ones, ‚…‘: a job
// alert named Jobs für „Barista“ reads „Jobs für ‚Barista‘“, not „Jobs für „Barista““.
export function germanQuote(text: string): string {
  return `„${text.replace(/„/g, '‚').replace(/[“”]/g, '‘')}“`;
}
