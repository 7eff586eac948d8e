import { DEMO_CNPJ } from '../../electron/app/demo';
import { expect, test } from './fixtures';

// Issue 19, item 6: a CT-e OS the fiscal API refuses with a 400 (the emitente has no state
// registration: infCte/emit/IE is required in the CT-e OS, and the embedded sandbox answers
// `errors: [{ path: 'infCte.emit.IE' }]`) is explained in words with the way to fix it, never as
// "Rejeição 400".

test.setTimeout(120_000);

test('a CT-e OS refused by the API for the emitente without IE: the words and the way to Empresas', async ({
  page,
  openApp,
  webHost,
}) => {
  await openApp('/emitir-cteos');
  const call = async (channel: string, input: unknown) => {
    const response = await fetch(`${webHost.url.replace(/\/$/, '')}/api/invoke/${channel}`, {
      method: 'POST',
      headers: { 'x-carreta-token': webHost.token, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const body = (await response.json()) as { ok: boolean; data?: unknown; error?: unknown };
    expect(body.ok, JSON.stringify(body.error)).toBe(true);
    return body.data as Record<string, unknown>;
  };
  // The office removed the company's IE (it is labelled optional in Empresas).
  const company = await call('companies:get', { cpfCnpj: DEMO_CNPJ });
  const { inscricao_estadual: _ie, ...withoutIe } = company;
  await call('companies:save', withoutIe);
  // A complete CT-e OS draft (the form's own shape; missing groups take their defaults).
  await call('drafts:save', {
    kind: 'cteos',
    company: DEMO_CNPJ,
    title: 'Fretamento escolar',
    data: {
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
    },
  });

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
