// The AverbePorto double (03-porto.md §8): one endpoint /php/conn.php, form POSTs chosen by `mod`
// with `comp=5`; a browser-like User-Agent or 403; `login` sets the `portal[ses]` cookie (wrong
// password → logout:1, repeated failures → captcha 02); `Upload` takes the multipart `file` (XML or
// ZIP up to 400) and answers the counts S{P,D,R,N} with the 40-digit ANTT number; `Protocolo` finds
// numbers by key or the reverse (json, xml or csv).
import { randomBytes } from 'node:crypto';

import { unzipSync } from 'fflate';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { parseMultipart } from '../http/multipart';
import type { Clock } from '../clock';
import type { DoubleFaults } from './faults';
import { readReceivedDoc } from './fiscal-doc';
import type { InsurerRegistry } from './registry';
import { averbacaoNumber, brasiliaWallClock, newProtocol } from './registry';
import { elementXml } from './xml-out';

export interface PortoUser {
  user: string;
  pass: string;
}

export interface PortoDoubleOptions {
  clock: Clock;
  registry: InsurerRegistry;
  faults: DoubleFaults;
  users: readonly PortoUser[];
  /** Porto's numbers start with its SUSEP code 05886 (03-porto.md §3 [I]). */
  prefix: string;
  sessionTtlMs: number;
  /** Failed logins per user before the captcha answer. */
  maxFailures: number;
  before: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

/** User-Agents the CDN refuses (the manual's "bad user-agent" lists: tools, scripts, bots). */
const BAD_AGENT =
  /^$|curl|wget|python|java\/|bot\b|spider|crawler|httpclient|axios|node-fetch|undici|go-http|okhttp/i;
const MAX_ZIP_ENTRIES = 400;

type Fields = Record<string, string[]>;

function formFields(text: string): Fields {
  const fields: Fields = {};
  for (const [key, value] of new URLSearchParams(text)) (fields[key] ??= []).push(value);
  return fields;
}

function cookieSession(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = decodeURIComponent(part.slice(0, eq).trim());
    if (name === 'portal[ses]') return part.slice(eq + 1).trim();
  }
  return null;
}

export async function portoRoutes(app: FastifyInstance, options: PortoDoubleOptions): Promise<void> {
  const sessions = new Map<string, { user: string; expires: number }>();
  const failures = new Map<string, number>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const generic = (reply: FastifyReply) =>
    reply.type('application/json').send({ success: 0, error: { msg: 'Ghs.loc.error' } });
  app.get('/php/conn.php', async (request, reply) => {
    if (BAD_AGENT.test(String(request.headers['user-agent'] ?? '')))
      return reply.status(403).send('error code: 1010');
    return generic(reply);
  });

  app.post('/php/conn.php', async (request, reply) => {
    if (BAD_AGENT.test(String(request.headers['user-agent'] ?? '')))
      return reply.status(403).send('error code: 1010');
    if (!(await options.before(request, reply))) return reply;
    const contentType = String(request.headers['content-type'] ?? '');
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let fields: Fields = {};
    const files: { filename: string; data: Buffer }[] = [];
    try {
      if (/^multipart\/form-data/i.test(contentType)) {
        for (const part of parseMultipart(raw, contentType)) {
          if (part.filename !== undefined) files.push({ filename: part.filename, data: part.data });
          else (fields[part.name] ??= []).push(part.data.toString('utf8'));
        }
      } else fields = formFields(raw.toString('utf8'));
    } catch {
      return generic(reply);
    }
    const one = (name: string) => fields[name]?.[0] ?? '';
    if (one('comp') !== '5') return generic(reply);
    const now = options.clock.nowMs();
    const json = (body: unknown) => reply.type('application/json').send(JSON.stringify(body));

    if (one('mod') === 'login') {
      const user = one('user');
      if ((failures.get(user) ?? 0) >= options.maxFailures)
        return json({
          success: 0,
          error: { code: '02', msg: 'Captcha required' },
          captcha_url: 'https://www.averbeporto.com.br',
          captcha_html: '<!DOCTYPE html><p>captcha</p>',
        });
      const ok = options.users.some((u) => u.user === user && u.pass === one('pass'));
      if (!ok) {
        failures.set(user, (failures.get(user) ?? 0) + 1);
        return json({ success: 1, logout: 1 });
      }
      failures.delete(user);
      const ses = randomBytes(16).toString('hex');
      sessions.set(ses, { user, expires: now + options.sessionTtlMs });
      void reply.header('set-cookie', `portal[ses]=${ses}; path=/; HttpOnly`);
      return json({
        success: 1,
        C: {
          id: '101',
          userName: user,
          name: 'Transportadora (simulador)',
          email: '',
          portal_groups_id: '7',
          type: 'U',
        },
        S: [],
        ses,
      });
    }
    const ses = cookieSession(request.headers.cookie);
    const session = ses ? sessions.get(ses) : undefined;
    if (!session || session.expires <= now)
      return json({ success: 1, error: { code: '01', msg: 'No login.' } });

    if (one('mod') === 'Protocolo') {
      const rows: { chave: string; protocolo: string }[] = [];
      for (const chave of fields['chave[]'] ?? []) {
        const doc = await options.registry.byChave('porto', chave);
        if (doc) rows.push({ chave, protocolo: doc.numeroAverbacao });
      }
      for (const numero of fields['protocolo[]'] ?? []) {
        const doc = await options.registry.byNumero('porto', numero);
        if (doc) rows.push({ chave: doc.chave, protocolo: numero });
      }
      const out = one('out') || 'json';
      if (out === 'xml')
        return reply
          .type('application/xml')
          .send(`<data>${rows.map((r, i) => elementXml(`item${i}`, r)).join('')}</data>`);
      if (out === 'csv')
        return reply
          .type('text/csv')
          .send(['Chave,Protocolo', ...rows.map((r) => `${r.chave},${r.protocolo}`)].join('\n'));
      return json({ success: 1, S: rows });
    }

    if (one('mod') === 'Upload') {
      if (options.faults.takePortoFailure()) return json({ success: 0, error: { msg: 'Ghs.loc.error' } });
      const counts = { P: 0, D: 0, R: 0, N: 0 };
      const prots: string[] = [];
      const errors: { code: string; msg: string }[] = [];
      const entries: Buffer[] = [];
      for (const file of files) {
        if (file.data.subarray(0, 2).toString('latin1') === 'PK') {
          try {
            entries.push(
              ...Object.values(unzipSync(new Uint8Array(file.data)))
                .slice(0, MAX_ZIP_ENTRIES)
                .map((b) => Buffer.from(b)),
            );
          } catch {
            counts.N += 1;
          }
        } else entries.push(file.data);
      }
      if (files.length === 0) counts.N += 1;
      for (const entry of entries) {
        const text = entry.toString('utf8');
        if (!/^\s*(<\?xml|<)/.test(text)) {
          counts.N += 1;
          errors.push({ code: '00', msg: 'Arquivo não é XML nem ZIP.' });
          continue;
        }
        const doc = readReceivedDoc(text);
        const refused = doc ? options.faults.takeRefusal('porto', doc.chave) : null;
        if (!doc || !doc.autorizado || refused) {
          counts.R += 1;
          errors.push({
            code: '00',
            msg:
              refused?.descricao ??
              'O XML não parece ser do tipo certo (CT-e, NF-e, MDF-e autorizados ou seus eventos).',
          });
          continue;
        }
        if (doc.event) {
          const stored = await options.registry.byChave('porto', doc.chave);
          if (!stored) {
            counts.R += 1;
            errors.push({ code: '00', msg: 'Documento do evento não encontrado.' });
          } else if (doc.event === 'cancelamento' && stored.canceladoEm) counts.D += 1;
          else {
            if (doc.event === 'cancelamento')
              await options.registry.markCancelled(stored.id, brasiliaWallClock(now));
            if (doc.event === 'encerramento')
              await options.registry.markClosed(stored.id, brasiliaWallClock(now));
            counts.P += 1;
            prots.push(stored.numeroAverbacao);
          }
          continue;
        }
        const earlier = options.faults.take('ja-registrado', 'porto');
        const { doc: stored, novo } = await options.registry.register('porto', doc, {
          protocolo: newProtocol(),
          numeroAverbacao: averbacaoNumber(options.prefix, doc),
          registradoEm: brasiliaWallClock(now),
        });
        if (novo && !earlier) {
          counts.P += 1;
          prots.push(stored.numeroAverbacao);
        } else counts.D += 1;
      }
      const body: Record<string, unknown> = { success: 1, S: counts };
      if (prots.length) body.prot = prots.length === 1 && entries.length <= 1 ? prots[0] : prots;
      if (errors.length) body.error = errors;
      return json(body);
    }
    return generic(reply);
  });
}
