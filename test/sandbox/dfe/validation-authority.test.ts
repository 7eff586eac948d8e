import { describe, expect, it } from 'vitest';
import {
  checkCancellation,
  checkCfop,
  checkEmission,
  checkServiceDocuments,
  correctionLimitError,
  type EmissionFacts,
} from '../../../electron/sandbox/dfe/authority';
import { issueCte } from '../../../electron/sandbox/dfe/issue-cte';
import { issueDce } from '../../../electron/sandbox/dfe/issue-dce';
import { ctePedidoEmissao } from '../../../electron/fiscal/requests/cte';
import { cteOsPedidoEmissao } from '../../../electron/fiscal/requests/cteos';
import { dcePedidoEmissao } from '../../../electron/fiscal/requests/dce';
import { validate } from '../../../electron/sandbox/dfe/schemas/validate';
import { COMPANY_CNPJ, cteBody, cteOsBody, dceBody, NOW, testCredentials } from './fixtures';

describe('request validation names JSON paths', () => {
  it('accepts the fixtures', () => {
    expect(validate(ctePedidoEmissao, cteBody()).ok).toBe(true);
    expect(validate(cteOsPedidoEmissao, cteOsBody()).ok).toBe(true);
    expect(validate(dcePedidoEmissao, dceBody()).ok).toBe(true);
  });

  it('bad municipality code in the sender address', () => {
    const body = cteBody() as unknown as { infCte: { rem: { enderReme: { cMun: string } } } };
    body.infCte.rem.enderReme.cMun = '41069';
    const r = validate(ctePedidoEmissao, body);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('ValidationFailed');
    expect(r.body.error.message).toContain('infCte.rem.enderReme.cMun');
    expect(r.body.error.errors.map((e) => e.path)).toContain('infCte.rem.enderReme.cMun');
  });

  it('missing required field, array index and enum', () => {
    const body = cteBody() as unknown as Record<string, never>;
    const inf = (body as unknown as { infCte: Record<string, unknown> }).infCte;
    delete (inf.vPrest as Record<string, unknown>).vRec;
    (inf.infCTeNorm as { infDoc: { infNFe: Array<{ chave: string }> } }).infDoc.infNFe[0]!.chave = '123';
    (inf.ide as Record<string, unknown>).tpImp = 3;
    const r = validate(ctePedidoEmissao, body);
    if (r.ok) throw new Error('deveria falhar');
    expect(r.body.error.errors).toContainEqual({
      code: 'Required',
      message: "O campo 'infCte.vPrest.vRec' é obrigatório.",
      path: 'infCte.vPrest.vRec',
    });
    expect(r.body.error.message).toContain('infCte.infCTeNorm.infDoc.infNFe[0].chave');
    expect(r.body.error.message).toContain('infCte.ide.tpImp');
    expect(r.body.error.errors).toContainEqual({
      code: 'Invalid',
      message: "O campo 'infCte.ide.tpImp': valor não permitido (aceitos: 1, 2).",
      path: 'infCte.ide.tpImp',
    });
  });

  it('a missing member is "obrigatório" whatever rule it misses (an enum, a literal, a union)', () => {
    const body = cteBody();
    const ide = body.infCte.ide as unknown as Record<string, unknown>;
    delete ide.tpImp; // an enum
    delete ide.modal; // a literal
    const r = validate(ctePedidoEmissao, body);
    if (r.ok) throw new Error('deveria falhar');
    for (const member of ['tpImp', 'modal']) {
      expect(r.body.error.errors).toContainEqual({
        code: 'Required',
        message: `O campo 'infCte.ide.${member}' é obrigatório.`,
        path: `infCte.ide.${member}`,
      });
    }
    expect(r.body.error.message).not.toContain('não permitido');
    // null where the schema requires a value is missing too.
    const nulled = cteBody() as unknown as { infCte: { ide: Record<string, unknown> } };
    nulled.infCte.ide.cUF = null;
    const n = validate(ctePedidoEmissao, nulled);
    if (n.ok) throw new Error('deveria falhar');
    expect(n.body.error.errors).toEqual([
      { code: 'Required', message: "O campo 'infCte.ide.cUF' é obrigatório.", path: 'infCte.ide.cUF' },
    ]);
  });

  it('exactly one ICMS group; non-road modal refused by name; unknown keys ignored', () => {
    const body = cteBody();
    body.infCte.imp.ICMS = { ICMS00: { CST: '00', vBC: 1, pICMS: 1, vICMS: 0.01 }, ICMS45: { CST: '40' } };
    (body.infCte.ide as { modal: string }).modal = '02';
    (body.infCte as Record<string, unknown>).foo = 1;
    const r = validate(ctePedidoEmissao, body);
    if (r.ok) throw new Error('deveria falhar');
    expect(r.body.error.message).toContain('infCte.imp.ICMS.ICMS45');
    expect(r.body.error.message).toContain('infCte.ide.modal');
    // A member the description does not name is ignored, never a reason to refuse.
    expect(r.body.error.message).not.toContain('foo');
  });

  it("the other modals' groups may come as null (as generated SDKs send unset members); filled, they are refused", () => {
    const body = cteBody();
    const infModal = body.infCte.infCTeNorm!.infModal as unknown as Record<string, unknown>;
    Object.assign(infModal, { aereo: null, aquav: null, ferrov: null, duto: null, multimodal: null });
    expect(validate(ctePedidoEmissao, body).ok).toBe(true);
    infModal.aereo = { nMinu: '123' };
    const r = validate(ctePedidoEmissao, body);
    if (r.ok) throw new Error('deveria falhar');
    expect(r.body.error.errors).toEqual([
      {
        code: 'Invalid',
        message:
          "O campo 'infCte.infCTeNorm.infModal.aereo': o sandbox emite apenas o modal rodoviário (informe somente infModal.rodo).",
        path: 'infCte.infCTeNorm.infModal.aereo',
      },
    ]);
  });

  it('DC-e issuer group must match tpEmit', () => {
    const body = dceBody();
    body.infDCe.ide.tpEmit = 1;
    const r = validate(dcePedidoEmissao, body);
    if (r.ok) throw new Error('deveria falhar');
    expect(r.body.error.message).toContain('infDCe.Marketplace');
  });
});

describe('authority rules', () => {
  const facts = (over: Partial<EmissionFacts> = {}): EmissionFacts => ({
    companyCpfCnpj: COMPANY_CNPJ,
    emitterCpfCnpj: COMPANY_CNPJ,
    emittedAt: new Date(NOW.getTime() - 60_000),
    now: NOW,
    certificateNotBefore: new Date(NOW.getTime() - 86_400_000),
    certificateNotAfter: new Date(NOW.getTime() + 86_400_000),
    duplicateOf: null,
    ...over,
  });

  it('accepts a sound emission', () => expect(checkEmission(facts())).toBeNull());
  it('213 when the emitter is another company', () =>
    expect(checkEmission(facts({ emitterCpfCnpj: '99888777000166' }))?.cStat).toBe(213));
  it('same CNPJ base (branch) is accepted', () =>
    expect(checkEmission(facts({ emitterCpfCnpj: '11222333000262' }))).toBeNull());
  it('212 beyond 5 minutes in the future, tolerated within', () => {
    expect(checkEmission(facts({ emittedAt: new Date(NOW.getTime() + 6 * 60_000) }))?.cStat).toBe(212);
    expect(checkEmission(facts({ emittedAt: new Date(NOW.getTime() + 4 * 60_000) }))).toBeNull();
  });
  it('228 beyond 168 hours late', () => {
    expect(checkEmission(facts({ emittedAt: new Date(NOW.getTime() - 169 * 3_600_000) }))?.cStat).toBe(228);
    expect(checkEmission(facts({ emittedAt: new Date(NOW.getTime() - 167 * 3_600_000) }))).toBeNull();
  });
  it('539 duplicate with the authorized key in the message', () => {
    const r = checkEmission(
      facts({ duplicateOf: { chave: 'K'.repeat(44), nProt: '141260000000001', dhAut: 'x' } }),
    );
    expect(r?.cStat).toBe(539);
    // MOC CT-e 4.00 Anexo I, G157: "Rejeição: Duplicidade de CTe, com diferença na Chave de Acesso".
    expect(r?.xMotivo).toContain('Duplicidade de CTe, com diferença na Chave de Acesso');
    expect(r?.xMotivo).toContain('K'.repeat(44));
  });
  it('291 with an expired certificate', () =>
    expect(checkEmission(facts({ certificateNotAfter: new Date(NOW.getTime() - 1) }))?.cStat).toBe(291));
  it('291 with a certificate not valid yet (D02: "data início e data fim"), valid from that instant on', () => {
    expect(checkEmission(facts({ certificateNotBefore: new Date(NOW.getTime() + 1) }))?.cStat).toBe(291);
    expect(checkEmission(facts({ certificateNotBefore: NOW }))).toBeNull();
  });
  it('519 CFOP against start/end UFs', () => {
    expect(checkCfop('5353', 'PR', 'SP')?.cStat).toBe(519);
    expect(checkCfop('6353', 'PR', 'PR')?.cStat).toBe(519);
    expect(checkCfop('6353', 'PR', 'SP')).toBeNull();
    expect(checkCfop('5353', 'PR', 'PR')).toBeNull();
    expect(checkCfop('7358', 'PR', 'EX')).toBeNull();
  });
  it('cancellation window and state', () => {
    const auth = new Date(NOW.getTime() - 100 * 3_600_000);
    expect(checkCancellation({ status: 'autorizado', authorizedAt: auth, now: NOW, model: 57 })).toBeNull();
    expect(checkCancellation({ status: 'autorizado', authorizedAt: auth, now: NOW, model: 99 })?.cStat).toBe(
      220,
    );
    const old = new Date(NOW.getTime() - 169 * 3_600_000);
    expect(checkCancellation({ status: 'autorizado', authorizedAt: old, now: NOW, model: 57 })?.cStat).toBe(
      220,
    );
    expect(checkCancellation({ status: 'cancelado', authorizedAt: auth, now: NOW, model: 57 })?.cStat).toBe(
      218,
    );
  });
  it('the 21st correction letter is refused', () => {
    expect(correctionLimitError(19)).toBeNull();
    expect(correctionLimitError(20)?.code).toBe('CorrectionLimitReached');
  });

  it('engine: CFOP/UF mismatch is a rejection with the signed document kept', () => {
    const out = issueCte(ctePedidoEmissao.parse(cteBody({ UFFim: 'SP', CFOP: '5353' })), {
      now: NOW,
      companyCpfCnpj: COMPANY_CNPJ,
      emitDefaults: null,
      credentials: testCredentials(),
      protocolSequence: 1,
      findDuplicate: () => null,
    });
    expect(out).toMatchObject({ kind: 'answered', status: 'rejeitado', procXml: null, nProt: null });
    if (out.kind === 'answered') expect(out.answer.cStat).toBe(519);
  });

  it('engine: DC-e issued by another carrier is rejected (213)', () => {
    const body = dceBody();
    body.infDCe.Transportadora = { CNPJ: '99888777000166', xNome: 'Outra' };
    const out = issueDce(dcePedidoEmissao.parse(body), {
      now: NOW,
      companyCpfCnpj: COMPANY_CNPJ,
      credentials: testCredentials(),
      protocolSequence: 1,
      findDuplicate: () => null,
    });
    expect(out).toMatchObject({ kind: 'answered', status: 'rejeitado' });
    if (out.kind === 'answered') expect(out.answer.cStat).toBe(213);
  });

  it('G057–G060: the service type and its previous documents or multimodal CT-e', () => {
    const rule = (tpServ: number, documentosAnteriores: boolean, cteMultimodal: boolean, tpCTe = 0) =>
      checkServiceDocuments({ tpCTe, tpServ, documentosAnteriores, cteMultimodal })?.cStat ?? null;
    expect(rule(0, false, false)).toBeNull();
    for (const tpServ of [1, 2, 3]) {
      expect(rule(tpServ, false, false)).toBe(521);
      expect(rule(tpServ, true, false)).toBeNull();
    }
    expect(rule(1, false, false, 1)).toBeNull(); // a complementary CT-e does not repeat them
    expect(rule(0, true, false)).toBe(747);
    expect(rule(4, false, false)).toBe(651);
    expect(rule(4, false, true)).toBeNull();
    expect(rule(0, false, true)).toBe(814);
    expect(rule(2, true, true)).toBe(814);
  });

  it('engine: a redispatch without the previous documents is rejected (521)', () => {
    const body = cteBody();
    body.infCte.ide.tpServ = 2;
    const out = issueCte(ctePedidoEmissao.parse(body), {
      now: NOW,
      companyCpfCnpj: COMPANY_CNPJ,
      emitDefaults: null,
      credentials: testCredentials(),
      protocolSequence: 1,
      findDuplicate: () => null,
    });
    expect(out).toMatchObject({ kind: 'answered', status: 'rejeitado' });
    if (out.kind === 'answered') expect(out.answer.cStat).toBe(521);
  });
});
