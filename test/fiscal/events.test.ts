// The event rules of electron/fiscal/events.ts, and the sandbox's authority held against them: the
// app and the authority it stands for must never disagree on a deadline or a limit.
import { describe, expect, it } from 'vitest';

import {
  CANCEL_WINDOW_HOURS,
  CORRECTABLE,
  CORRECTION_LIMITS,
  JUSTIFICATIVA_MAX,
  JUSTIFICATIVA_MIN,
  MAX_CORRECTION_LETTERS,
  MAX_CORRECTIONS_PER_LETTER,
  cancelHoursLeft,
  isCorrectable,
  justificativaFits,
} from '../../electron/fiscal/events';
import type { EventDocumentKind } from '../../electron/fiscal/events';
import { checkCancellation, correctionLimitError } from '../../electron/sandbox/dfe/authority';
import { pedidoCancelamento, pedidoCartaCorrecao } from '../../electron/sandbox/dfe/service/events';
import { cancelInputSchema, correctInputSchema } from '../../electron/shared/schemas/issuing';

const HOUR = 3_600_000;
const authorized = new Date('2026-11-20T10:00:00Z');
const after = (hours: number) => new Date(authorized.getTime() + hours * HOUR);
const MODEL: Record<EventDocumentKind, 57 | 67 | 99> = { cte: 57, cteos: 67, dce: 99 };

describe('event rules', () => {
  it('cancel windows: 168 hours for CT-e and CT-e OS, 24 for the DC-e (MOC)', () => {
    expect(CANCEL_WINDOW_HOURS).toEqual({ cte: 168, cteos: 168, dce: 24 });
    expect(cancelHoursLeft('cte', authorized, after(100))).toBe(68);
    expect(cancelHoursLeft('dce', authorized.toISOString(), after(23.5))).toBe(0.5);
    expect(cancelHoursLeft('dce', authorized, after(25))).toBe(-1);
    expect(cancelHoursLeft('cte', null, after(1))).toBeNull();
    expect(cancelHoursLeft('cte', 'not a date', after(1))).toBeNull();
  });

  it('justificativa: 15 to 255 characters, trimmed', () => {
    expect([JUSTIFICATIVA_MIN, JUSTIFICATIVA_MAX]).toEqual([15, 255]);
    expect(justificativaFits('a'.repeat(14))).toBe(false);
    expect(justificativaFits(`  ${'a'.repeat(15)}  `)).toBe(true);
    expect(justificativaFits('a'.repeat(255))).toBe(true);
    expect(justificativaFits('a'.repeat(256))).toBe(false);
  });

  it('the form offers only fields a letter may change; tax values, parties and dates never', () => {
    for (const field of CORRECTABLE) expect(isCorrectable(field.grupo, field.campo)).toBe(true);
    expect(isCorrectable('rem', 'xNome')).toBe(false);
    expect(isCorrectable('ICMS00', 'vICMS')).toBe(false);
    expect(isCorrectable('ide', 'CFOP')).toBe(false);
    expect(isCorrectable('ide', 'dhEmi')).toBe(false);
    expect(isCorrectable('compl', 'xObs')).toBe(true);
  });

  it('the command schemas apply the same lengths', () => {
    const ref = { kind: 'cte' as const, id: 'x' };
    expect(cancelInputSchema.safeParse({ ...ref, justificativa: 'a'.repeat(14) }).success).toBe(false);
    expect(cancelInputSchema.safeParse({ ...ref, justificativa: 'a'.repeat(15) }).success).toBe(true);
    expect(cancelInputSchema.safeParse({ ...ref, justificativa: 'a'.repeat(256) }).success).toBe(false);
    const correction = { grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'v' };
    const letter = (n: number) => ({ ...ref, correcoes: Array.from({ length: n }, () => correction) });
    expect(correctInputSchema.safeParse(letter(MAX_CORRECTIONS_PER_LETTER)).success).toBe(true);
    expect(correctInputSchema.safeParse(letter(MAX_CORRECTIONS_PER_LETTER + 1)).success).toBe(false);
  });
});

describe('the sandbox authority agrees with the rules', () => {
  it.each(['cte', 'cteos', 'dce'] as const)(
    '%s: open just before the window closes, refused just after',
    (kind) => {
      const window = CANCEL_WINDOW_HOURS[kind];
      const facts = (now: Date) => ({
        status: 'autorizado',
        authorizedAt: authorized,
        now,
        model: MODEL[kind],
      });
      const before = after(window - 0.01);
      const past = after(window + 0.01);
      expect(cancelHoursLeft(kind, authorized, before)).toBeGreaterThan(0);
      expect(checkCancellation(facts(before))).toBeNull();
      expect(cancelHoursLeft(kind, authorized, past)).toBeLessThan(0);
      expect(checkCancellation(facts(past))?.cStat).toBe(220);
    },
  );

  it('refuses the letter after the last one the rules allow', () => {
    expect(correctionLimitError(MAX_CORRECTION_LETTERS - 1)).toBeNull();
    expect(correctionLimitError(MAX_CORRECTION_LETTERS)?.code).toBe('CorrectionLimitReached');
  });

  it('takes the justification and correction lengths the rules allow, and no longer', () => {
    expect(pedidoCancelamento.safeParse({ justificativa: 'a'.repeat(JUSTIFICATIVA_MAX) }).success).toBe(true);
    expect(pedidoCancelamento.safeParse({ justificativa: 'a'.repeat(JUSTIFICATIVA_MAX + 1) }).success).toBe(
      false,
    );
    const one = (patch: Record<string, unknown>) => ({
      correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'v', ...patch }],
    });
    for (const [field, limit] of [
      ['grupo_alterado', CORRECTION_LIMITS.grupo],
      ['campo_alterado', CORRECTION_LIMITS.campo],
      ['valor_alterado', CORRECTION_LIMITS.valor],
    ] as const) {
      expect(pedidoCartaCorrecao.safeParse(one({ [field]: 'a'.repeat(limit) })).success).toBe(true);
      expect(pedidoCartaCorrecao.safeParse(one({ [field]: 'a'.repeat(limit + 1) })).success).toBe(false);
      const ref = { kind: 'cte' as const, id: 'x' };
      expect(
        correctInputSchema.safeParse({ ...ref, ...one({ [field]: 'a'.repeat(limit + 1) }) }).success,
      ).toBe(false);
    }
    expect(
      pedidoCartaCorrecao.safeParse(one({ numero_item_alterado: CORRECTION_LIMITS.itemMax })).success,
    ).toBe(true);
    expect(
      pedidoCartaCorrecao.safeParse(one({ numero_item_alterado: CORRECTION_LIMITS.itemMax + 1 })).success,
    ).toBe(false);
  });
});
