import { CREDIT_PACKAGES, type CreditPackageName, SUBSCRIPTION } from '@uapqa/contracts';
import { html } from '../html.js';
import {
  type Body,
  button,
  formatDate,
  formatMoney,
  greeting,
  link,
  plural,
  type RenderContext,
  SITE,
} from '../parts.js';

export interface CreditsReceiptData {
  source: CreditPackageName | 'subscription';
  credits: number;
  amountCents: number;
  balance: number;
  paymentId: string;
  paidAt: string;
}

function receiptItem(source: CreditsReceiptData['source']): string {
  if (source === 'subscription') {
    return `Archive Access subscription (monthly, includes ${plural(SUBSCRIPTION.creditsPerPeriod, 'FOIA credit')})`;
  }
  const pack = CREDIT_PACKAGES[source];
  return `${source === 'bulk' ? 'Bulk Credits' : 'FOIA Credits'}: ${plural(pack.credits, 'question')}`;
}

/** A payment receipt. */
export function creditsReceipt(
  data: CreditsReceiptData,
  { publicUrl, recipient }: RenderContext,
): Body {
  const item = receiptItem(data.source);
  const rows: Array<[string, string]> = [
    ['Item', item],
    ['Amount paid', formatMoney(data.amountCents)],
    ['Credits added', String(data.credits)],
    ['Credit balance', String(data.balance)],
    ['Date', formatDate(data.paidAt)],
    ['Payment reference', data.paymentId],
  ];
  const ask = link(publicUrl, '/submit-question');
  const account = link(publicUrl, '/subscribe');
  return {
    subject: `Your ${SITE} receipt: ${formatMoney(data.amountCents)}`,
    text: [
      greeting(recipient),
      '',
      'Thank you for your payment. Your receipt:',
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      `Ask a question: ${ask}`,
      `Your subscription and credits: ${account}`,
    ],
    html: html`<p>${greeting(recipient)}</p>
<p>Thank you for your payment. Your receipt:</p>
<table style="border-collapse:collapse">${rows.map(
      ([label, value]) =>
        html`<tr><td style="padding:4px 12px 4px 0;color:#6b7280">${label}</td><td style="padding:4px 0"><strong>${value}</strong></td></tr>`,
    )}</table>
${button(ask, 'Ask a question')}
<p><a href="${account}">Your subscription and credits</a></p>`,
  };
}
