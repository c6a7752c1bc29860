import { businessDate } from '@rentora/shared';

/**
 * The business date: today's calendar date in India (Asia/Kolkata), `YYYY-MM-DD`, whatever the server's zone. Due
 * dates, rent periods, overdue flags and tenancy starts and ends are plain dates compared with it.
 */
export const today = (now = new Date()): string => businessDate(now);
