// The issuing and drafts commands over a real sandbox: inputs parsed with the contract, answers
// checked against it, as the dispatcher does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cteCommands } from '../../../electron/app/commands/cte';
import { draftCommands } from '../../../electron/app/commands/drafts';
import { numberingCommands } from '../../../electron/app/commands/numbering';
import { outboxCommands } from '../../../electron/app/commands/outbox';
import type { AppContext } from '../../../electron/app/context';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import type { CommandChannel } from '../../../electron/shared/contract';
import { commands } from '../../../electron/shared/contract';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { memoryHost } from '../../support/memory-host';
import { company, cteForm, nfeKey } from '../../fiscal/payload/forms';
import type { Rig } from './harness';
import { openRig, startIssuingSandbox, target } from './harness';

let sandbox: RunningSandbox;
let rig: Rig;
let call: <C extends CommandChannel>(channel: C, input: unknown) => Promise<unknown>;
let issued: Outcome;

beforeAll(async () => {
  sandbox = await startIssuingSandbox();
  rig = await openRig(sandbox.url);
  const { host } = memoryHost({ settings: { environment: 'sandbox', series: { cte: 7 } } });
  const ctx = {
    host,
    cache: { require: () => rig.repos, repos: null },
    api: { client: async () => ({ client: rig.client, target: target(sandbox.url) }) },
  } as unknown as AppContext;
  const table = {
    ...cteCommands(ctx, rig.issuing),
    ...numberingCommands(ctx, rig.issuing),
    ...outboxCommands(ctx, rig.issuing),
    ...draftCommands(ctx),
  } as Record<string, (input: unknown) => Promise<unknown>>;
  call = async (channel, input) => {
    const def = commands[channel];
    const result = await table[channel]!(def.input.parse(input));
    return def.output.parse(result);
  };
  // One CT-e issued before any case runs: the cases read it, none depends on another case.
  issued = (await call('cte:issue', { kind: 'cte', company: company.cpf_cnpj, form: cteForm() })) as Outcome;
}, 60_000);
afterAll(async () => {
  await rig?.close();
  await sandbox?.close();
});

type Outcome = { status: string; serie: number; numero: number; document: { id: string } | null };

describe('cte commands', () => {
  const id = () => issued.document!.id;
  const next = async () =>
    ((await call('numbering:get', { company: company.cpf_cnpj, kind: 'cte', serie: 7 })) as { next: number })
      .next;

  it('cte:issue validates the form in the contract and issues', () => {
    expect(() =>
      commands['cte:issue'].input.parse({ kind: 'cte', company: company.cpf_cnpj, form: {} }),
    ).toThrow();
    expect(issued.status).toBe('autorizado');
    // No série asked: this workstation's série for the model, from Settings.
    expect(issued.serie).toBe(7);
    expect(issued.numero).toBeGreaterThanOrEqual(1);
  });

  it('cte:preview builds the payload and a sheet without fiscal value', async () => {
    const out = (await call('cte:preview', {
      kind: 'cte',
      company: company.cpf_cnpj,
      serie: 7,
      form: cteForm(),
    })) as {
      payload: { infCte: { ide: { nCT: number } } };
      html: string;
    };
    expect(out.payload.infCte.ide.nCT).toBe(await next());
    expect(out.html).toContain('SEM VALOR FISCAL');
    // Homologação: the payload names the parties by the MOC literal (Anexo I G002–G005).
    expect(out.html).toContain('CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
  });

  it('numbering:get / numbering:set warn about gaps and spent números', async () => {
    const start = await next();
    expect(start).toBeGreaterThan(issued.numero);
    const back = (await call('numbering:set', {
      company: company.cpf_cnpj,
      kind: 'cte',
      serie: 7,
      next: 1,
    })) as {
      next: number;
      warnings: string[];
    };
    expect(back.warnings[0]).toMatch(/já foi usado/);
    expect(back.next).toBe(start);
    const gap = (await call('numbering:set', {
      company: company.cpf_cnpj,
      kind: 'cte',
      serie: 7,
      next: start + 8,
    })) as {
      warnings: string[];
    };
    expect(gap.warnings[0]).toMatch(/sem uso/);
    await call('numbering:set', { company: company.cpf_cnpj, kind: 'cte', serie: 7, next: start });
    expect(await next()).toBe(start);
  });

  it('cte:files serves the processed XML; cte:debug the original payload', async () => {
    const xml = (await call('cte:files', { kind: 'cte', id: id(), file: 'xml' })) as {
      base64: string;
      name: string;
    };
    const text = Buffer.from(xml.base64, 'base64').toString('utf8');
    expect(text).toContain('<cteProc');
    // Named by the access key (issue 19): `<chave>-cte.xml`, never the API's internal id.
    const chave = /<chCTe>(\d{44})<\/chCTe>/.exec(text)![1];
    expect(xml.name).toBe(`${chave}-cte.xml`);
    const pdf = (await call('cte:files', { kind: 'cte', id: id(), file: 'pdf' })) as { name: string };
    expect(pdf.name).toBe(`${chave}-dacte.pdf`);
    const debug = (await call('cte:debug', { kind: 'cte', id: id() })) as { payload: { referencia: string } };
    expect(debug.payload.referencia).toMatch(/^carreta-/);
  });

  it('cte:correct refuses tax, party and date fields, accepts the rest, keeps history', async () => {
    await expect(
      call('cte:correct', {
        kind: 'cte',
        id: id(),
        correcoes: [{ grupo_alterado: 'vPrest', campo_alterado: 'vTPrest', valor_alterado: '1' }],
      }),
    ).rejects.toMatchObject({ code: 'correction_not_allowed' });
    await expect(
      call('cte:correct', {
        kind: 'cte',
        id: id(),
        correcoes: [{ grupo_alterado: 'ide', campo_alterado: 'dhEmi', valor_alterado: '2026-01-01' }],
      }),
    ).rejects.toMatchObject({ code: 'correction_not_allowed' });
    const ok = (await call('cte:correct', {
      kind: 'cte',
      id: id(),
      correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Entrega pela doca 3' }],
    })) as { event: { status: string }; history: unknown[] };
    expect(ok.event.status).toBe('registrado');
    expect(ok.history).toHaveLength(1);
  });

  it('cte:cancel checks the 168-hour window locally and returns the hours left', async () => {
    // Its own CT-e: cancelling the shared one would change what the other cases read.
    const own = (await call('cte:issue', {
      kind: 'cte',
      company: company.cpf_cnpj,
      form: cteForm(),
    })) as Outcome;
    const id = own.document!.id;
    const window = (await call('cte:cancelWindow', { kind: 'cte', id })) as {
      cancellable: boolean;
      hoursLeft: number;
    };
    expect(window.cancellable).toBe(true);
    expect(window.hoursLeft).toBeGreaterThan(167);
    expect(() => commands['cte:cancel'].input.parse({ kind: 'cte', id, justificativa: 'curta' })).toThrow();
    const out = (await call('cte:cancel', {
      kind: 'cte',
      id,
      justificativa: 'Erro na digitação do valor do frete',
    })) as {
      event: { status: string };
    };
    expect(out.event.status).toBe('registrado');
    await expect(
      call('cte:cancel', { kind: 'cte', id, justificativa: 'Erro na digitação do valor do frete' }),
    ).rejects.toMatchObject({
      code: 'cancel_not_authorized',
    });
    const doc = await rig.repos.documents.byApiId('sandbox', id);
    expect(doc?.status).toBe('cancelado');
  });

  it('outbox:list shows the sends', async () => {
    const list = (await call('outbox:list', { company: company.cpf_cnpj })) as { items: { state: string }[] };
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((i) => i.state === 'sent')).toBe(true);
  });

  it('drafts: save, list, get, duplicate from an issued CT-e back into a valid form', async () => {
    const saved = (await call('drafts:save', {
      kind: 'cte',
      company: company.cpf_cnpj,
      data: { geral: { cfop: '63' } },
    })) as {
      id: number;
    };
    await call('drafts:save', {
      id: saved.id,
      kind: 'cte',
      company: company.cpf_cnpj,
      data: { geral: { cfop: '6353' } },
    });
    const list = (await call('drafts:list', { company: company.cpf_cnpj })) as { drafts: { id: number }[] };
    expect(list.drafts.map((d) => d.id)).toContain(saved.id);
    const got = (await call('drafts:get', { id: saved.id })) as { data: { geral: { cfop: string } } };
    expect(got.data.geral.cfop).toBe('6353');
    const dup = (await call('drafts:duplicate', { company: company.cpf_cnpj, kind: 'cte', id: id() })) as {
      data: unknown;
    };
    const parsed = cteFormSchema.safeParse(dup.data);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    await call('drafts:delete', { id: saved.id });
    await expect(call('drafts:get', { id: saved.id })).rejects.toMatchObject({ code: 'draft_not_found' });
  });

  it('addressBook: save, search and delete by hand (homologação sends teach it no MOC literal)', async () => {
    const none = (await call('addressBook:search', { company: company.cpf_cnpj, text: 'HOMOLOGACAO' })) as {
      entries: unknown[];
    };
    expect(none.entries).toEqual([]);
    await call('addressBook:save', { company: company.cpf_cnpj, party: cteForm().remetente });
    const found = (await call('addressBook:search', { company: company.cpf_cnpj, text: '042' })) as {
      entries: { nome: string }[];
    };
    expect(found.entries[0]?.nome).toBe('Indústria Remetente Ltda');
    await expect(
      call('addressBook:save', { company: company.cpf_cnpj, party: { cpfCnpj: '1' } }),
    ).rejects.toMatchObject({
      code: 'invalid_party',
    });
    await call('addressBook:delete', { company: company.cpf_cnpj, cpfCnpj: '04252011000110' });
    const after = (await call('addressBook:search', { company: company.cpf_cnpj, text: '042' })) as {
      entries: unknown[];
    };
    expect(after.entries).toEqual([]);
  });

  it('cte:prefillFromNfe sums cargo, takes parties and keys, explains bad files, warns on used keys', async () => {
    const nfe = (key: string, vNF: string) =>
      `<?xml version="1.0"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe Id="NFe${key}" versao="4.00">
<ide><mod>55</mod><serie>1</serie><nNF>712</nNF><tpAmb>2</tpAmb></ide>
<emit><CNPJ>04252011000110</CNPJ><xNome>Indústria Remetente Ltda</xNome><enderEmit><xLgr>Rua A</xLgr><nro>1</nro><xBairro>Centro</xBairro><cMun>4106902</cMun><xMun>Curitiba</xMun><UF>PR</UF><CEP>80010000</CEP></enderEmit><IE>1234567850</IE></emit>
<dest><CPF>12345678909</CPF><xNome>Joana</xNome><enderDest><xLgr>Rua B</xLgr><nro>2</nro><xBairro>Vila</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF></enderDest></dest>
<total><ICMSTot><vNF>${vNF}</vNF></ICMSTot></total>
<transp><modFrete>0</modFrete><vol><qVol>3</qVol><pesoL>10.5</pesoL><pesoB>12.25</pesoB></vol></transp></infNFe></NFe></nfeProc>`;
    const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
    const out = (await call('cte:prefillFromNfe', {
      company: company.cpf_cnpj,
      files: [
        { name: 'a.xml', base64: b64(nfe(nfeKey(712), '1000.10')) },
        { name: 'b.xml', base64: b64(nfe(nfeKey(713), '200.20')) },
        { name: 'evil.xml', base64: b64('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>') },
        { name: 'lixo.xml', base64: b64('não é xml') },
      ],
    })) as {
      carga: { vCarga: number; pesoBruto: number; volumes: number };
      chaves: string[];
      remetente: { cpfCnpj: string };
      problems: { name: string; message: string }[];
      warnings: string[];
    };
    expect(out.carga).toMatchObject({ vCarga: 1200.3, pesoBruto: 24.5, volumes: 6 });
    expect(out.chaves).toEqual([nfeKey(712), nfeKey(713)]);
    expect(out.remetente.cpfCnpj).toBe('04252011000110');
    expect(out.problems.map((p) => p.name)).toEqual(['evil.xml', 'lixo.xml']);
    expect(out.problems[0]!.message).toMatch(/DOCTYPE/);
    // nfeKey(712) is in the CT-e issued above.
    expect(out.warnings.join(' ')).toContain(nfeKey(712));
  });
});
