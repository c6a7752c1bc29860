import { describe, expect, it } from 'vitest';
import {
  formatAmountExact,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  formatMoneyExact,
  formatMonth,
  formatTime,
  isTimeZone,
  timeAgo,
  zoneLabel,
} from './formats';

describe('money', () => {
  it('groups rupees in lakhs and crores and shows paise only where there are some', () => {
    expect(formatMoney(7_845_000)).toBe('₹78,450');
    expect(formatMoney(7_845_050)).toBe('₹78,450.50');
    expect(formatMoney(1_234_567_800)).toBe('₹1,23,45,678');
    expect(formatMoney(-120_000)).toBe('-₹1,200');
    expect(formatMoney(0)).toBe('₹0');
    expect(formatMoneyExact(7_845_000)).toBe('₹78,450.00');
  });

  it('writes a figure for a column headed (₹): paise always, Indian grouping, no sign', () => {
    expect(formatAmountExact(12_345_670)).toBe('1,23,456.70');
    expect(formatAmountExact(-590_000)).toBe('-5,900.00');
    expect(formatAmountExact(0)).toBe('0.00');
  });

  it('writes short amounts in lakhs and crores', () => {
    expect(formatMoneyCompact(95_000)).toBe('₹950');
    expect(formatMoneyCompact(4_500_000)).toBe('₹45,000');
    expect(formatMoneyCompact(12_000_000)).toBe('₹1.2 L');
    expect(formatMoneyCompact(3_450_000_000)).toBe('₹3.45 Cr');
    expect(formatMoneyCompact(-12_000_000)).toBe('-₹1.2 L');
  });
});

describe('dates and times', () => {
  it('writes a business date as the day it is, whatever the zone', () => {
    expect(formatDate('2026-11-05')).toBe('05 Nov 2026');
    expect(formatDate('2026-09-30', 'America/New_York')).toBe('30 Sep 2026');
    expect(formatDate(null)).toBe('');
  });

  it('writes an instant as its day and time in the company zone (23:45 UTC is the next day in India)', () => {
    const lateUtc = '2026-11-25T23:45:00.000Z';
    expect(formatDate(lateUtc)).toBe('26 Nov 2026');
    expect(formatDate(lateUtc, 'UTC')).toBe('25 Nov 2026');
    expect(formatTime(lateUtc)).toBe('05:15 AM');
    expect(formatDateTime('2026-11-25T13:51:00Z')).toBe('25 Nov 2026, 07:21 PM');
    expect(formatTime('2026-11-25T13:51:00Z', 'Europe/London')).toBe('01:51 PM');
  });

  it('writes months', () => {
    expect(formatMonth('2026-09')).toBe('Sep 2026');
    expect(formatMonth('2027-01', { year: false })).toBe('Jan');
  });

  it('labels zones and knows real ones', () => {
    expect(zoneLabel()).toBe('IST');
    expect(zoneLabel('UTC')).toBe('UTC');
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Asia/Bengaluru')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(timeAgo('2026-11-26T09:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-26T09:59:50Z', now)).toBe('just now');
    expect(timeAgo('2026-11-24T10:00:00Z', now)).toBe('2 days ago');
  });
});
