/**
 * Whether `euros` is a whole number of cents: the amount a client sent as a decimal with at most
 * two places ('19.99', '0.5', '120'). Checked in cents after parsing: the cents converted back
 * are exactly the number sent (division rounds correctly, so '19.99' passes and '0.000000001'
 * or '19.999' do not), so no amount below a cent is ever stored as 0 or rounded away.
 * @param euros a finite number of euros
 */
export function isWholeCents(euros: number): boolean {
  return Number.isFinite(euros) && Math.round(euros * 100) / 100 === euros;
}
