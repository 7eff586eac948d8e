// Averbação (issue #25), against the averbadoras' doubles on 127.0.0.1 through the real service,
// cache file and HTTP clients (test/support/averbacao-rig.ts):
// - gaps_after_faults: 200 CT-e authorized while the averbadora times out, answers the codes it
//   says to resend (000, 907), loses answers after registering (the resend is a duplicate), says
//   some are already registered, goes down, and the app restarts (once in the middle of a send);
//   then the number of documents left unregistered or registered out of order — goal 0;
// - seconds_to_registered_p95: from the CT-e's authorization (in the cache, the kick the sender
//   gives) to its protocol stored, with the doubles answering at once.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { averbacaoRig } from '../../support/averbacao-rig';
import { TEST_CNPJ } from '../../support/averbacao-docs';
import { percentile } from '../support/stats';
import type { Figure } from '../types';
import { note } from '../types';

const DOCUMENTS = 200;

/** A small deterministic generator, so every run injects the same faults. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

async function gapsAfterFaults(): Promise<{ gaps: number; detail: string }> {
  const epochDir = mkdtempSync(path.join(os.tmpdir(), 'carreta-bench-epoch-'));
  const rig = await averbacaoRig({
    epochFile: path.join(epochDir, 'epoch'),
    backoffMs: [30_000, 60_000, 120_000],
    timeoutMs: 250,
  });
  const random = prng(25);
  const faults = rig.doubles.control.faults;
  const injected: Record<string, number> = {};
  const inject = (name: string, fault: Parameters<typeof faults.add>[0]) => {
    injected[name] = (injected[name] ?? 0) + 1;
    faults.add(fault);
  };
  try {
    for (let numero = 1; numero <= DOCUMENTS; numero++) {
      const chave = await rig.authorize(numero);
      const dice = random();
      if (dice < 0.08) inject('timeout', { type: 'latencia', averbadora: 'atm', ms: 500, count: 1 });
      else if (dice < 0.16) inject('000', { type: 'erro', codigo: '000', count: 1 });
      else if (dice < 0.22) inject('sem-resposta', { type: 'sem-resposta', averbadora: 'atm', count: 1 });
      else if (dice < 0.27) inject('ja-registrado', { type: 'ja-registrado', averbadora: 'atm', count: 1 });
      else if (dice < 0.32) inject('fora-do-ar', { type: 'fora-do-ar', averbadora: 'atm', count: 2 });
      if (numero % 25 === 0) {
        await rig.cancel(chave);
        inject('907', { type: 'erro', codigo: '907', count: 1 });
      }
      // The sender kicks the queue after each authorization; several may land before a pass.
      if (random() < 0.6) await rig.run();
      if (numero % 45 === 0) {
        // The app dies in the middle of a send and starts again.
        await rig.repos.db.run(
          "UPDATE averbacao_queue SET estado = 'enviando' WHERE id = (SELECT max(id) FROM averbacao_queue WHERE estado = 'averbado')",
        );
        injected.restart = (injected.restart ?? 0) + 1;
        await rig.relaunch();
      }
      rig.advance(5_000);
    }
    // The network is back and the back-offs run out: passes until nothing is left to send.
    for (let pass = 0; pass < 200 && (await rig.service.openCount()) > 0; pass++) {
      rig.advance(120_000);
      await rig.run();
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    const rows = await rig.rows();
    const averbar = rows.filter((r) => r.operacao === 'averbar');
    const notRegistered = averbar.filter((r) => r.estado !== 'averbado').length;
    const summary = await rig.service.summary(TEST_CNPJ);
    const outOfOrderInCache = summary.lacunas.length;
    // At the averbadora: every number once, registered in number order.
    const registry = await rig.doubles.control.registry.list();
    const missingAtInsurer = DOCUMENTS - new Set(registry.map((d) => d.numero)).size;
    let maxSoFar = 0;
    let outOfOrderAtInsurer = 0;
    for (const doc of registry) {
      if (doc.numero < maxSoFar) outOfOrderAtInsurer++;
      maxSoFar = Math.max(maxSoFar, doc.numero);
    }
    const cancels = rows.filter((r) => r.operacao === 'cancelar');
    const cancelsLeft = cancels.filter((r) => r.estado !== 'averbado').length;
    const gaps = notRegistered + outOfOrderInCache + missingAtInsurer + outOfOrderAtInsurer + cancelsLeft;
    const duplicates = averbar.filter((r) => r.jaRegistrado).length;
    return {
      gaps,
      detail:
        `faults ${JSON.stringify(injected)}; not registered ${notRegistered}, gaps in cache ${outOfOrderInCache}, ` +
        `missing at the insurer ${missingAtInsurer}, out of order at the insurer ${outOfOrderAtInsurer}, ` +
        `cancellations left ${cancelsLeft}/${cancels.length}; resends recognised as duplicates ${duplicates}`,
    };
  } finally {
    await rig.close();
    rmSync(epochDir, { recursive: true, force: true });
  }
}

async function secondsToRegistered(): Promise<number[]> {
  const rig = await averbacaoRig();
  const samples: number[] = [];
  try {
    for (let numero = 1; numero <= 60; numero++) {
      const started = performance.now();
      const chave = await rig.authorize(numero);
      rig.service.kick();
      for (;;) {
        const [row] = await rig.repos.averbacao.byChave('producao', TEST_CNPJ, chave);
        if (row?.estado === 'averbado' && row.protocolo) break;
        if (performance.now() - started > 30_000) throw new Error(`CT-e ${numero} not averbado in 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      samples.push((performance.now() - started) / 1000);
    }
    return samples;
  } finally {
    await rig.close();
  }
}

export default async function* averbacao(): AsyncGenerator<Figure> {
  const faults = await gapsAfterFaults();
  note(`gaps_after_faults: ${faults.detail}`);
  yield { name: 'gaps_after_faults', value: faults.gaps, unit: 'documents' };
  const samples = await secondsToRegistered();
  note(`seconds_to_registered: p50 ${percentile(samples, 50).toFixed(3)} s over ${samples.length} CT-e`);
  yield { name: 'seconds_to_registered_p95', value: Number(percentile(samples, 95).toFixed(3)), unit: 's' };
}
