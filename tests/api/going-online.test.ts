import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningPort, type ServerProcess, startServer, waitFor } from '../helpers/server-process';

/**
 * Going online: `npm run service:install` writes the environment file, the systemd unit and
 * the Caddyfile from one answer (the domain), and keeps the owner's keys on a re-run; and the built
 * shop behind Caddy (its internal certificate authority, ports of this test's own) answers on https,
 * sends HSTS, names itself by PUBLIC_URL, and starts with a live Paystack key. Processes and Caddy run
 * once, in api:embedded, like process.test.ts. systemd itself is not run here (docs/going-online.md).
 */

interface ServiceInstall {
  validateDomain(input: string): string;
  mergeEnvFile(existing: string | undefined, settings: Record<string, string>): string;
  mergeCaddyfile(existing: string | undefined, domain: string, port: number): string;
}

// A plain .mjs script (no type declarations): imported by address, typed here.
const { validateDomain, mergeEnvFile, mergeCaddyfile }: ServiceInstall = await import(new URL('../../scripts/service-install.mjs', import.meta.url).href);

const ROOT = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

function install(root: string, ...args: string[]) {
  return spawnSync(process.execPath, ['scripts/service-install.mjs', '--root', root, ...args], { cwd: ROOT, encoding: 'utf8' });
}

describe('npm run service:install --root DIR --domain shop.test --yes', () => {
  const files = (root: string) => ({
    env: path.join(root, 'etc/nkuto-shop/shop.env'),
    unit: path.join(root, 'etc/systemd/system/nkuto-shop.service'),
    caddy: path.join(root, 'etc/caddy/Caddyfile'),
  });

  it('writes the environment file, the unit and the Caddyfile from the one answer', () => {
    const root = tempDir('shop-service-');
    const run = install(root, '--domain', 'shop.test', '--yes');
    expect(run.status, run.stderr).toBe(0);
    const { env, unit, caddy } = files(root);

    const envText = readFileSync(env, 'utf8');
    for (const line of ['PUBLIC_URL=https://shop.test', 'TRUST_PROXY=true', 'HOST=127.0.0.1', 'PORT=3000', 'DATA_DIR=/var/lib/nkuto-shop']) {
      expect(envText.split('\n')).toContain(line);
    }
    expect(statSync(env).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(root, 'var/lib/nkuto-shop')).isDirectory()).toBe(true);

    const unitLines = readFileSync(unit, 'utf8').split('\n');
    for (const line of [
      'User=nkuto-shop',
      'Group=nkuto-shop',
      `WorkingDirectory=${ROOT}`,
      'EnvironmentFile=/etc/nkuto-shop/shop.env',
      `ExecStart=${process.execPath} ${ROOT}/dist/server/index.js`,
      'Restart=always',
      'After=network-online.target',
      'Wants=network-online.target',
      'WantedBy=multi-user.target',
      'NoNewPrivileges=true',
      'ProtectSystem=full',
      'ReadWritePaths=/var/lib/nkuto-shop',
    ]) {
      expect(unitLines).toContain(line);
    }
    const stopSeconds = Number(unitLines.find((l) => l.startsWith('TimeoutStopSec='))?.split('=')[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(10_000); // the shop's default SHUTDOWN_TIMEOUT_MS
    expect(unitLines.some((l) => l.startsWith('RestartSec='))).toBe(true);

    const caddyText = readFileSync(caddy, 'utf8');
    expect(caddyText).toMatch(/^shop\.test \{\n\treverse_proxy 127\.0\.0\.1:3000\n\}$/m);
    expect(run.stdout).toContain('systemctl enable --now nkuto-shop'); // printed, not run
  });

  it("keeps the owner's keys and other lines on a re-run, and follows a new answer", () => {
    const root = tempDir('shop-service-');
    expect(install(root, '--domain', 'shop.test', '--yes').status).toBe(0);
    const { env, caddy } = files(root);
    writeFileSync(env, `${readFileSync(env, 'utf8')}# Paystack, live\nPAYSTACK_SECRET_KEY=sk_live_ownerskey\nSMTP_URL=smtp://u:p@mail.example.com:587\n`);
    writeFileSync(caddy, `other.example.com {\n\trespond "hi"\n}\n\n${readFileSync(caddy, 'utf8')}`);

    const again = install(root, '--domain', 'www.shop.test', '--yes');
    expect(again.status, again.stderr).toBe(0);
    const lines = readFileSync(env, 'utf8').split('\n');
    expect(lines).toContain('PAYSTACK_SECRET_KEY=sk_live_ownerskey');
    expect(lines).toContain('SMTP_URL=smtp://u:p@mail.example.com:587');
    expect(lines).toContain('# Paystack, live');
    expect(lines).toContain('PUBLIC_URL=https://www.shop.test');
    expect(lines.filter((l) => l.startsWith('PUBLIC_URL='))).toHaveLength(1);
    expect(statSync(env).mode & 0o777).toBe(0o600);
    expect(again.stdout).not.toContain('sk_live_ownerskey');

    const caddyText = readFileSync(caddy, 'utf8');
    expect(caddyText).toContain('other.example.com {');
    expect(caddyText).toContain('www.shop.test {');
    expect(caddyText).not.toMatch(/^shop\.test \{/m);
  });

  it('refuses what is not a bare domain, with a sentence saying what to type', () => {
    expect(validateDomain(' Shop.Example.COM. ')).toBe('shop.example.com');
    for (const bad of ['https://shop.example.com', 'shop.example.com/x', 'shop.example.com:443', 'localhost', '1.2.3.4', 'shop_example.com', '']) {
      expect(() => validateDomain(bad)).toThrow();
    }
    const root = tempDir('shop-service-');
    const run = install(root, '--domain', 'https://shop.test', '--yes');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no https://');
    expect(existsSync(path.join(root, 'etc'))).toBe(false);
  });

  it('replaces the Caddyfile Debian ships (a welcome page on :80) and keeps the PORT and DATA_DIR a file already has', () => {
    const shipped = ":80 {\n\t# Set this path to your site's directory.\n\troot * /usr/share/caddy\n\n\tfile_server\n}\n";
    expect(mergeCaddyfile(shipped, 'shop.test', 3000)).not.toContain(':80');
    const merged = mergeEnvFile('PORT=3000\nFOO=bar\n', { PORT: '4000', PUBLIC_URL: 'https://shop.test' });
    expect(merged).toBe('PORT=4000\nFOO=bar\nPUBLIC_URL=https://shop.test\n');
    const root = tempDir('shop-service-');
    mkdirSync(path.join(root, 'etc/nkuto-shop'), { recursive: true });
    writeFileSync(path.join(root, 'etc/nkuto-shop/shop.env'), 'PORT=4100\nDATA_DIR=/srv/shop-data\n');
    expect(install(root, '--domain', 'shop.test', '--yes').status).toBe(0);
    expect(readFileSync(path.join(root, 'etc/caddy/Caddyfile'), 'utf8')).toContain('reverse_proxy 127.0.0.1:4100');
    expect(readFileSync(path.join(root, 'etc/systemd/system/nkuto-shop.service'), 'utf8')).toContain('ReadWritePaths=/srv/shop-data');
  });
});

const caddyPath = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' }).stdout.trim();
const requireCaddy = process.env.REQUIRE_CADDY === '1';
const skipCaddy = caddyPath === '' && !requireCaddy;
if (skipCaddy) console.warn('going-online: the tests through Caddy are SKIPPED: caddy is not installed (apt-get install caddy; REQUIRE_CADDY=1 fails instead)');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** An https GET to shop.test (resolved to this machine) trusting only Caddy's local root certificate. */
function get(url: string, ca: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      url,
      {
        ca,
        headers,
        agent: false,
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options?.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4)) as unknown as net.LookupFunction,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    request.setTimeout(5_000, () => request.destroy(new Error('timed out')));
  });
}

describe.skipIf(skipCaddy)(
  skipCaddy
    ? 'through Caddy: SKIPPED, caddy is not installed (apt-get install caddy; REQUIRE_CADDY=1 makes this a failure)'
    : 'the built shop behind Caddy (its internal CA)',
  () => {
    let shop: ServerProcess | undefined;
    let caddy: ChildProcess | undefined;
    let caddyOutput = '';
    let origin = '';
    let rootCert = '';

    beforeAll(async () => {
      if (caddyPath === '') throw new Error('REQUIRE_CADDY=1 and caddy is not installed: apt-get install -y caddy');
      const work = tempDir('shop-caddy-');
      // The built server, in a folder of its own inside node_modules (where it still finds the
      // dependencies): the test neither needs nor touches dist/. No dist/client there: API only.
      const built = path.join(ROOT, 'node_modules/.cache', path.basename(work), 'server');
      folders.push(path.dirname(built));
      execFileSync(process.execPath, ['scripts/build-server.mjs', built], { cwd: ROOT, stdio: 'pipe' });

      const httpsPort = await freePort();
      const httpPort = await freePort();
      origin = `https://shop.test:${httpsPort}`;
      shop = startServer(
        {
          DATABASE_URL: '',
          ADMIN_EMAIL: '',
          ADMIN_PASSWORD: '',
          PAYMENTS_SANDBOX: '',
          SMTP_URL: '',
          SMS_PROVIDER: '',
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: path.join(work, 'data'),
          UNSAFE_FAST_WRITES: 'true',
          BACKUP_KEEP: '0',
          PUBLIC_URL: origin,
          TRUST_PROXY: 'true',
          // A live key must accept this https PUBLIC_URL; nothing calls Paystack at start (nowhere to reach here).
          PAYSTACK_SECRET_KEY: 'sk_live_goingOnlineTest',
          PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
        },
        path.join(built, 'index.js'),
      );
      const shopPort = await listeningPort(shop);

      const caddyfile = path.join(work, 'Caddyfile');
      writeFileSync(
        caddyfile,
        `{
\tadmin off
\tlocal_certs
\tskip_install_trust
\tauto_https disable_redirects
\thttp_port ${httpPort}
\thttps_port ${httpsPort}
}

${origin} {
\ttls internal
\treverse_proxy 127.0.0.1:${shopPort}
}
`,
      );
      const home = path.join(work, 'home');
      mkdirSync(home);
      caddy = spawn(caddyPath, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
        env: { PATH: process.env.PATH, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_CONFIG_HOME: path.join(home, 'config') },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const stream of [caddy.stdout, caddy.stderr]) {
        stream?.on('data', (d) => {
          caddyOutput += d;
        });
      }
      const rootFile = path.join(home, 'data/caddy/pki/authorities/local/root.crt');
      await waitFor(
        () => existsSync(rootFile) || caddy?.exitCode !== null,
        () => caddyOutput,
        20_000,
      );
      if (caddy.exitCode !== null) throw new Error(`caddy stopped: ${caddyOutput}`);
      rootCert = readFileSync(rootFile, 'utf8');

      // Ready when a request through Caddy is answered (the site's certificate is issued just after start).
      const until = Date.now() + 20_000;
      for (;;) {
        const answered = await get(`${origin}/api/health`, rootCert).then(
          () => true,
          () => false,
        );
        if (answered) break;
        if (Date.now() > until || caddy.exitCode !== null) throw new Error(`caddy did not answer: ${caddyOutput}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }, 60_000);

    afterAll(async () => {
      const stopped: Promise<unknown>[] = [];
      if (caddy && caddy.exitCode === null) {
        stopped.push(new Promise((r) => caddy?.once('exit', r)));
        caddy.kill('SIGTERM');
      }
      if (shop && shop.child.exitCode === null) {
        stopped.push(shop.exited);
        shop.child.kill('SIGTERM');
      }
      await Promise.all(stopped);
    }, 30_000);

    it('answers /api/health on https with HSTS, with a live Paystack key', async () => {
      const health = await get(`${origin}/api/health`, rootCert);
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(shop?.output()).not.toContain('sk_live_goingOnlineTest');
    });

    it('keeps HSTS when a client claims plain http (Caddy sets X-Forwarded-Proto itself)', async () => {
      const spoofed = await get(`${origin}/api/health`, rootCert, { 'X-Forwarded-Proto': 'http' });
      expect(spoofed.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    });

    it('names itself by PUBLIC_URL where it prints its own address', async () => {
      const robots = await get(`${origin}/robots.txt`, rootCert);
      expect(robots.status).toBe(200);
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
      const sitemap = await get(`${origin}/sitemap.xml`, rootCert);
      expect(sitemap.body).toContain(`<loc>${origin}/</loc>`);
    });
  },
);

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
