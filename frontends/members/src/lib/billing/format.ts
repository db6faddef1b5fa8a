/** US dollars with cents, as on a receipt: 1000 → "$10.00". */
export const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
