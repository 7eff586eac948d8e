// Sandbox figures: emissions per second through the HTTP interface (request validation, authority
// rules, XML in schema order, a real XML-DSig signature, the proc wrapper) for CT-e and MDF-e, the
// p95 latency of a list request, and how long a 10,000-document MDF-e stalls the event loop.
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { MDFE_MAX_DOCUMENTOS } from '../../../electron/fiscal/mdfe-rules';
import { buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { apiClient, CLIENT_ID, CLIENT_SECRET, startIssuingSandbox } from '../../app/issuing/harness';
import { company, cteForm } from '../../fiscal/payload/forms';
import type { MdfePedidoEmissao } from '../../../electron/nuvemfiscal/api/mdfe';
import { mdfeBody } from '../../sandbox/mdfe/fixtures';
import type { Figure } from '../types';
import { note } from '../types';
import { percentile } from '../support/stats';

const EMISSIONS = 100;
const LISTS = 200;

function dhEmiNow(): string {
  const local = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19);
  return `${local}-03:00`;
}

export default async function* sandbox(): AsyncGenerator<Figure> {
  const running = await startIssuingSandbox();
  const client = apiClient(running.url);
  const form = cteFormSchema.parse(cteForm());
  const emit = (serie: number, numero: number) =>
    client.cte.emitir(
      buildCtePayload(form, {
        company,
        serie,
        numero,
        ambiente: 'homologacao',
        referencia: randomUUID(),
        dhEmi: dhEmiNow(),
      }),
    );
  try {
    await emit(80, 1); // warm-up: token, keys, JIT
    const started = performance.now();
    let authorized = 0;
    for (let numero = 1; numero <= EMISSIONS; numero++) {
      if ((await emit(81, numero)).status === 'autorizado') authorized++;
    }
    const seconds = (performance.now() - started) / 1000;
    note(`${EMISSIONS} emissions in ${seconds.toFixed(2)} s (${authorized} autorizadas)`);
    if (authorized !== EMISSIONS) throw new Error(`only ${authorized} of ${EMISSIONS} authorized`);
    yield { name: 'emissions_per_s', value: Math.round((EMISSIONS / seconds) * 10) / 10, unit: 'docs/s' };

    const latencies: number[] = [];
    for (let i = 0; i < LISTS; i++) {
      const t = performance.now();
      await client.cte.listar(
        { cpf_cnpj: company.cpf_cnpj, ambiente: 'homologacao' },
        { top: 50, skip: (i % 2) * 50, inlinecount: true },
      );
      latencies.push(performance.now() - t);
    }
    yield { name: 'list_p95_ms', value: Math.round(percentile(latencies, 95) * 100) / 100, unit: 'ms' };

    // MDF-e: each with its own truck (an open MDF-e blocks the plate's next one, rule 611), so every
    // one runs the open-manifest lookups against a growing table.
    const emitMdfe = (serie: number, numero: number) => {
      const body = mdfeBody({
        nMDF: numero,
        placa: `MD${String.fromCharCode(65 + serie - 80)}${numero % 10}A${String(Math.floor(numero / 10)).padStart(2, '0')}`,
        dhEmi: dhEmiNow(),
      });
      body.infMDFe.ide.serie = serie;
      body.infMDFe.emit.CNPJ = company.cpf_cnpj;
      body.infMDFe.seg![0]!.infResp.CNPJ = company.cpf_cnpj;
      body.referencia = randomUUID();
      return client.mdfe.emitir(body as unknown as MdfePedidoEmissao);
    };
    await emitMdfe(80, 1);
    const mdfeStarted = performance.now();
    let mdfeAuthorized = 0;
    for (let numero = 1; numero <= EMISSIONS; numero++) {
      if ((await emitMdfe(81, numero)).status === 'autorizado') mdfeAuthorized++;
    }
    const mdfeSeconds = (performance.now() - mdfeStarted) / 1000;
    note(`${EMISSIONS} MDF-e in ${mdfeSeconds.toFixed(2)} s (${mdfeAuthorized} autorizados)`);
    if (mdfeAuthorized !== EMISSIONS)
      throw new Error(`only ${mdfeAuthorized} of ${EMISSIONS} MDF-e authorized`);
    yield {
      name: 'mdfe_emissions_per_s',
      value: Math.round((EMISSIONS / mdfeSeconds) * 10) / 10,
      unit: 'docs/s',
    };

    yield { name: 'event_loop_block_ms_large_mdfe', value: await largeMdfeBlock(running.url), unit: 'ms' };
  } finally {
    await running.close();
  }
}

/** Documents of the large manifest: the app's maximum per trip (fiscal/mdfe-rules). */
const LARGE_MDFE_DOCUMENTS = MDFE_MAX_DOCUMENTOS;
const LARGE_MDFE_RUNS = 5;

/**
 * The longest the sandbox's event loop stood still (perf_hooks' loop-delay histogram, 1 ms
 * resolution) while it took a POST /mdfe of 10,000 CT-e — validation, authority rules, XML,
 * signature, storage — median of five after a warm-up. The client shares the process, so it sends a
 * body serialized beforehand and reads a small answer. Also printed: the same histogram over an
 * idle second, what the machine's own scheduling costs.
 */
async function largeMdfeBlock(url: string): Promise<number> {
  const tokenAnswer = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      scope: 'mdfe',
    }),
  });
  const { access_token: token } = (await tokenAnswer.json()) as { access_token: string };
  const issueLarge = async (run: number) => {
    const body = mdfeBody({
      nMDF: 500 + run,
      ctes: LARGE_MDFE_DOCUMENTS,
      placa: `GRD${run}A${String(run).padStart(2, '0')}`,
      dhEmi: dhEmiNow(),
    });
    body.infMDFe.ide.serie = 82;
    body.infMDFe.emit.CNPJ = company.cpf_cnpj;
    body.infMDFe.seg![0]!.infResp.CNPJ = company.cpf_cnpj;
    body.referencia = randomUUID();
    const text = JSON.stringify(body);
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const res = await fetch(`${url}/mdfe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: text,
    });
    const answer = (await res.json()) as { status?: string };
    loop.disable();
    if (answer.status !== 'autorizado')
      throw new Error(`large MDF-e: ${res.status} ${JSON.stringify(answer)}`);
    return loop.max / 1e6;
  };
  await issueLarge(0);
  const blocks: number[] = [];
  for (let run = 1; run <= LARGE_MDFE_RUNS; run++) blocks.push(await issueLarge(run));
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  idle.disable();
  note(
    `large MDF-e (${LARGE_MDFE_DOCUMENTS} CT-e): longest loop block per run ${blocks.map((b) => b.toFixed(1)).join(', ')} ms; ` +
      `idle second ${(idle.max / 1e6).toFixed(1)} ms; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs`,
  );
  return Math.round(percentile(blocks, 50) * 10) / 10;
}
