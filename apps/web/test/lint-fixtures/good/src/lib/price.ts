/** Shared helper: imported by features, imports nothing of them. */
export const formatPrice = (cents: number): string => `${cents / 100} €`;
