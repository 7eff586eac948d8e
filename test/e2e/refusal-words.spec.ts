import { DEMO_CNPJ } from '../../electron/app/demo';
import { expect, test } from './fixtures';

// Issue 19, item 6: refusals in words. A SEFAZ rejection (cStat 519 injected through the sandbox's
// control API) shows its code, the MOC meaning and what to do, with the CFOP highlighted until the
// clerk edits it; a CT-e OS the fiscal API refuses with a 400 (the emitente has no state
// registration: infCte/emit/IE is required in the CT-e OS, and the embedded sandbox answers
// `errors: [{ path: 'infCte.emit.IE' }]`) is explained in words with the way to fix it, never as
// "Rejeição 400". The tests run in this order: the second removes the demo company's IE.

test.setTimeout(120_000);

/** A complete CT-e OS draft (the form's own shape; missing groups take their defaults). */
const DRAFT = {
  geral: {
    cfop: '5357',
    inicio: { cMun: '3509502', xMun: 'Campinas', uf: 'SP' },
    fim: { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' },
  },
  tomador: {
    cpfCnpj: '04252011000110',
    xNome: 'Escola Boa Viagem',
    ie: '',
    xFant: '',
    fone: '',
    email: '',
    endereco: {
      xLgr: 'Rua B',
      nro: '1',
      xCpl: '',
      xBairro: 'Centro',
      cMun: '3509502',
      xMun: 'Campinas',
      uf: 'SP',
      cep: '',
    },
  },
  valores: { componentes: [{ xNome: 'SERVICO', vComp: 800 }], vTPrest: 800, vRec: 800 },
  impostos: {
    icms: { situacao: 'SN' },
    ibsCbsOn: false,
    ibsCbs: { cst: '000', cClassTrib: '000001', pIBSUF: null, pIBSMun: null, pCBS: null },
    federaisOn: true,
    federais: { vPIS: null, vCOFINS: null, vIR: null, vINSS: 88, vCSLL: null },
    vTotTrib: null,
    infAdFisco: '',
  },
  servico: { xDescServ: 'FRETAMENTO ESCOLAR' },
  rodoviario: { nroRegEstadual: '1234567890123456789012345', tpFretamento: 2 },
};

async function invokeHost(webHost: { url: string; token: string }, channel: string, input: unknown) {
  const response = await fetch(`${webHost.url.replace(/\/$/, '')}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'x-carreta-token': webHost.token, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { ok: boolean; data?: unknown; error?: unknown };
  expect(body.ok, JSON.stringify(body.error)).toBe(true);
  return body.data as Record<string, unknown>;
}

test('a SEFAZ rejection (cStat 519): the code, its meaning, what to do, the CFOP highlighted until fixed', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp('/emitir-cteos');
  await invokeHost(webHost, 'drafts:save', { kind: 'cteos', company: DEMO_CNPJ, title: 'CFOP', data: DRAFT });
  // The authority rejects the next document with the MOC's 519 (CFOP inválido para operação).
  const sandbox = await webHost.app.context.embedded.ensure();
  const fault = await fetch(`${sandbox.url.replace(/\/$/, '')}/_sandbox/faults`, {
    method: 'POST',
    headers: { 'x-sandbox-secret': sandbox.clientSecret, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'rejeicao',
      codigo_status: 519,
      motivo_status: 'Rejeição: CFOP inválido para operação',
    }),
  });
  expect(fault.ok).toBe(true);

  await page.reload();
  await page.getByRole('button', { name: /Rascunhos/ }).click();
  await page.getByRole('button', { name: 'Abrir', exact: true }).first().click();
  await page.locator('[data-step="revisao"]').click();
  await page.getByTestId('emitir-cteos').click();

  const banner = page.getByTestId('cteos-rejection');
  await expect(banner).toContainText(
    'A SEFAZ rejeitou o documento (código 519): o CFOP não serve para esta prestação',
    { timeout: 30_000 },
  );
  await expect(banner).toContainText('Escolha o CFOP do tipo de prestação');
  const cfop = page.locator('[data-path="geral.cfop"]');
  await expect(cfop).toHaveClass(/cte-field--invalid/);
  await expect(cfop).toContainText('(código 519)');
  // The clerk fixes the field: its mark and the old banner go.
  await page.locator('#f-geral-cfop').fill('5353');
  await expect(cfop).not.toHaveClass(/cte-field--invalid/);
  await expect(banner).toHaveCount(0);
});

test('a CT-e OS refused by the API for the emitente without IE: the words and the way to Empresas', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp('/emitir-cteos');
  const call = (channel: string, input: unknown) => invokeHost(webHost, channel, input);
  // The office removed the company's IE (it is labelled optional in Empresas).
  const company = await call('companies:get', { cpfCnpj: DEMO_CNPJ });
  const { inscricao_estadual: _ie, ...withoutIe } = company;
  await call('companies:save', withoutIe);
  await call('drafts:save', { kind: 'cteos', company: DEMO_CNPJ, title: 'Fretamento escolar', data: DRAFT });

  await page.reload();
  await page.getByRole('button', { name: /Rascunhos/ }).click();
  await page.getByRole('button', { name: 'Abrir', exact: true }).first().click();
  await page.locator('[data-step="revisao"]').click();
  await page.getByTestId('emitir-cteos').click();

  const banner = page.getByTestId('cteos-rejection');
  await expect(banner).toContainText(
    'A inscrição estadual do emitente é obrigatória no CT-e OS — cadastre-a em Empresas.',
    { timeout: 30_000 },
  );
  await expect(banner).not.toContainText('Rejeição 400');
  await banner.getByRole('link', { name: 'Abrir Empresas' }).click();
  await expect(page).toHaveURL(/#\/empresas/);
});
