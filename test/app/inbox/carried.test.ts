// Which notes an authorized request carries (CT-e, CT-e simplificado; a CT-e OS carries none), and
// the issuing hook that tells the inbox: called for an authorized CT-e, never for a rejected one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { nfeKeysOfPayload } from '../../../electron/app/inbox/carried';
import { buildCteOsPayload, buildCtePayload, buildCteSimpPayload } from '../../../electron/fiscal/payload';
import { createIssuing } from '../../../electron/app/issuing';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../../electron/shared/schemas/cteos-form';
import { cteSimpFormSchema } from '../../../electron/shared/schemas/cte-simp-form';
import { company, cteForm, cteOsForm, nfeKey } from '../../fiscal/payload/forms';
import { cteSimpForm } from '../../fiscal/payload/cte-simp-forms';
import type { Rig } from '../issuing/harness';
import { controlFault, openRig, startIssuingSandbox, target } from '../issuing/harness';

const ctx = {
  company,
  serie: 1,
  numero: 1,
  ambiente: 'homologacao' as const,
  referencia: 'carreta-notas',
  dhEmi: '2026-11-22T10:00:00-03:00',
};
const cteWithKeys = (...keys: string[]) =>
  cteFormSchema.parse(
    cteForm({ documentos: { nfe: keys.map((chave) => ({ chave })), dce: [], outros: [] } }),
  );

describe('NF-e keys of a request', () => {
  it('finds every NF-e key of a CT-e, of a CT-e simplificado, none in a CT-e OS', () => {
    const payload = buildCtePayload(cteWithKeys(nfeKey(712), nfeKey(713)), ctx);
    expect(nfeKeysOfPayload(payload).sort()).toEqual([nfeKey(712), nfeKey(713)].sort());
    // The CT-e's own data (cMun, CNPJ…) never passes for a key; the check digit must hold too.
    const bad = nfeKey(714).slice(0, 43) + String((Number(nfeKey(714)[43]) + 1) % 10);
    expect(nfeKeysOfPayload({ x: [bad, 'texto'] })).toEqual([]);
    const simpForm = cteSimpFormSchema.parse(cteSimpForm());
    const simp = buildCteSimpPayload(simpForm, ctx);
    const simpKeys = simpForm.entregas.flatMap((e) => e.nfe.map((n) => n.chave));
    expect(simpKeys.length).toBeGreaterThan(0);
    expect(nfeKeysOfPayload(simp).sort()).toEqual([...new Set(simpKeys)].sort());
    const os = buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx);
    expect(nfeKeysOfPayload(os)).toEqual([]);
  });
});

describe('issuing tells who else cares once a document is authorized', () => {
  let sandbox: RunningSandbox;
  let rig: Rig;
  beforeAll(async () => {
    sandbox = await startIssuingSandbox();
    rig = await openRig(sandbox.url);
  }, 30_000);
  afterAll(async () => {
    await rig.close();
    await sandbox.close();
  });

  it('calls onAuthorized with the request of an authorized CT-e only', async () => {
    const seen: { company: string; keys: string[] }[] = [];
    const issuing = createIssuing({
      repos: () => rig.repos,
      api: async () => ({ client: rig.client, target: target(sandbox.url) }),
      sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5))),
      onAuthorized: async (who, payload) => {
        seen.push({ company: who, keys: nfeKeysOfPayload(payload) });
      },
    });
    const issue = () =>
      issuing.sender.issue({
        kind: 'cte',
        company,
        serie: 5,
        build: (c) => buildCtePayload(cteWithKeys(nfeKey(801)), c),
      });
    await controlFault(sandbox.url, { type: 'rejeicao', count: 1, codigo_status: 402, motivo_status: 'x' });
    expect((await issue()).status).toBe('rejeitado');
    expect(seen).toEqual([]);
    expect((await issue()).status).toBe('autorizado');
    expect(seen).toEqual([{ company: company.cpf_cnpj, keys: [nfeKey(801)] }]);
    // The address book is fed from the same hook; a homologação CT-e's parties carry the MOC
    // literal as their name, which it does not learn.
    expect(await rig.repos.addressBook.find(company.cpf_cnpj, 'HOMOLOGACAO')).toEqual([]);
  });
});
