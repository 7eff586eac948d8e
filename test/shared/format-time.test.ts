// Brasília time whatever the machine's clock: the office PC, a CI runner or the web host may run in
// UTC or elsewhere. Each case pins the process zone to one that differs from Brasília, so formatting
// with the machine's zone (the bug this guards against) gives a different, wrong answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  brasiliaDay,
  brasiliaMonth,
  brasiliaWallClock,
  daysInMonth,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  isIsoDate,
  isoToDateBr,
  maskDate,
  maskDateTime,
  monthDays,
  parseDateBr,
  shiftIsoMonth,
} from '../../electron/shared/format';

const savedTz = process.env.TZ;
beforeAll(() => {
  // Node re-reads TZ when it changes: new Date() and the default Intl zone follow it from here on.
  process.env.TZ = 'UTC';
  expect(new Date('2026-11-26T02:30:00Z').getHours()).toBe(2);
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('times shown in Brasília on a UTC machine', () => {
  // 02:30 UTC on the 26th is 23:30 of the 25th in Brasília (UTC-3 all year since Decreto 9.772/2019).
  const lateEvening = '2026-11-26T02:30:00Z';

  it('formats date, date-time and time in Brasília', () => {
    expect(formatDate(lateEvening)).toBe('25/11/2026');
    expect(formatDateTime(lateEvening)).toBe('25/11/2026 23:30');
    expect(formatTime(lateEvening)).toBe('23:30');
    expect(formatTime(new Date('2026-11-26T02:30:07Z'), { seconds: true })).toBe('23:30:07');
    // A time written with its own offset is the same instant.
    expect(formatDateTime('2026-11-25T23:30:00-03:00')).toBe('25/11/2026 23:30');
  });

  it('under another machine zone too (Tokyo is ahead, New York behind but not by 3 h)', () => {
    for (const zone of ['Asia/Tokyo', 'America/New_York']) {
      process.env.TZ = zone;
      expect(formatDateTime(lateEvening)).toBe('25/11/2026 23:30');
      expect(brasiliaDay(new Date(lateEvening))).toBe('2026-11-25');
    }
    process.env.TZ = 'UTC';
  });

  it('takes Brasília days and months as boundaries, not UTC ones', () => {
    expect(brasiliaDay(new Date(lateEvening))).toBe('2026-11-25');
    expect(brasiliaDay(new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-26');
    // 22:00 of 31 December in Brasília is already January in UTC.
    expect(brasiliaMonth(new Date('2027-01-01T01:00:00Z'))).toBe('2026-12');
    expect(brasiliaWallClock(new Date(lateEvening))).toBe('2026-11-25T23:30');
  });

  it('keeps a calendar date as written', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(isoToDateBr('2026-03-05')).toBe('05/03/2026');
    expect(isoToDateBr('2026-11-25T23:30')).toBe('25/11/2026 23:30');
    expect(isoToDateBr('')).toBe('');
  });
});

describe('months', () => {
  it('names them in Portuguese whatever the machine locale', () => {
    expect(formatMonth('2026-03')).toBe('Março de 2026');
    expect(formatMonth('2026-12')).toBe('Dezembro de 2026');
    expect(formatMonth('garbage')).toBe('garbage');
  });

  it('shifts across years and knows their last day', () => {
    expect(shiftIsoMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftIsoMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftIsoMonth('2026-11', -13)).toBe('2025-10');
    expect(monthDays('2026-02')).toEqual(['2026-02-01', '2026-02-28']);
    expect(monthDays('2028-02')).toEqual(['2028-02-01', '2028-02-29']);
    expect(monthDays('2026-11')).toEqual(['2026-11-01', '2026-11-30']);
  });
});

describe('dates typed as dd/mm/aaaa', () => {
  it('reads a real date into ISO', () => {
    expect(parseDateBr('25/11/2026', 'De')).toEqual({ ok: true, value: '2026-11-25' });
    expect(parseDateBr('  ', 'De')).toEqual({ ok: true, value: '' });
    expect(parseDateBr('29/02/2028', 'De')).toEqual({ ok: true, value: '2028-02-29' });
    expect(parseDateBr('25/11/2026 23:30', 'Emissão', true)).toEqual({ ok: true, value: '2026-11-25T23:30' });
  });

  it('refuses days that do not exist, naming the field', () => {
    expect(parseDateBr('29/02/2027', 'Data de emissão')).toEqual({
      ok: false,
      message: 'Data de emissão: 29/02/2027 não é uma data válida (2027 não é ano bissexto)',
    });
    expect(parseDateBr('31/04/2026', 'De')).toEqual({
      ok: false,
      message: 'De: 31/04/2026 não é uma data válida',
    });
    expect(parseDateBr('00/01/2026', 'De')).toMatchObject({ ok: false });
    expect(parseDateBr('12/13/2026', 'De')).toMatchObject({ ok: false });
    // 1900 has no 29 February (divisible by 100, not by 400); 2000 has.
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('does not read an en-US date as if it were Brazilian when the day cannot be a month', () => {
    // 11/25/2026 (mm/dd/yyyy) would be month 25.
    expect(parseDateBr('11/25/2026', 'Até')).toEqual({
      ok: false,
      message: 'Até: 11/25/2026 não é uma data válida',
    });
  });

  it('asks for the whole date, or the time when the field has one', () => {
    expect(parseDateBr('25/11/20', 'De')).toEqual({
      ok: false,
      message: 'De: informe a data completa no formato dd/mm/aaaa',
    });
    expect(parseDateBr('25/11/2026', 'Data e hora de emissão', true)).toEqual({
      ok: false,
      message: 'Data e hora de emissão: informe a data completa no formato dd/mm/aaaa hh:mm',
    });
    expect(parseDateBr('25/11/2026 24:10', 'Emissão', true)).toEqual({
      ok: false,
      message: 'Emissão: 24:10 não é um horário válido',
    });
  });

  it('masks as typed', () => {
    expect(maskDate('25112026')).toBe('25/11/2026');
    expect(maskDate('2511')).toBe('25/11');
    expect(maskDate('25/11/2026 junk')).toBe('25/11/2026');
    expect(maskDateTime('251120262330')).toBe('25/11/2026 23:30');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
});
