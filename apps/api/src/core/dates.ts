/**
 * The business date: today's calendar date in UTC, `YYYY-MM-DD` (due dates, rent periods, tenancy starts and ends
 * are plain dates compared with it).
 */
export const today = (now = new Date()): string => now.toISOString().slice(0, 10);
