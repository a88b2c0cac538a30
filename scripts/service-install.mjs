#!/usr/bin/env node
// `npm run service:install`: the shop as a service that starts on boot and comes back after a crash,
// under an account of its own, with Caddy in front for HTTPS. One question (the shop's domain) sets
// PUBLIC_URL and TRUST_PROXY together. Writes an environment file (keeping whatever is already in it,
// so the owner's keys survive a re-run), a systemd unit and a Caddyfile; as root on a machine with
// systemd it also creates the account, builds the shop when there is no build and starts it.
//   --domain shop.example.com   the answer, without asking
//   --yes                       no questions (needs --domain)
//   --root DIR                  write every file under DIR and run no system command (tests, review)
//   --dry-run                   print what would be written; write and run nothing
//   --port N                    the local port the shop listens on behind Caddy (default 3000)
//   --user NAME                 the service account (default nkuto-shop)
// docs/going-online.md walks through a fresh server with it.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SERVICE = 'nkuto-shop';
export const DEFAULTS = {
  user: SERVICE,
  port: 3000,
  envFile: `/etc/${SERVICE}/shop.env`,
  unitFile: `/etc/systemd/system/${SERVICE}.service`,
  caddyFile: '/etc/caddy/Caddyfile',
  dataDir: `/var/lib/${SERVICE}`,
};

/** The shop stops within SHUTDOWN_TIMEOUT_MS (10 s by default): systemd waits 20 s more before it kills. */
export function stopTimeoutSeconds(shutdownTimeoutMs = 10_000) {
  return Math.max(30, Math.ceil(shutdownTimeoutMs / 1000) + 20);
}

/**
 * A public host name for the shop: letters, digits and hyphens in dot-separated labels, at least two
 * labels, no scheme, path or port (Caddy gets its certificate for exactly this name). Returns the name
 * in lower case, or throws with a sentence for the owner.
 */
export function validateDomain(input) {
  const domain = String(input ?? '')
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (domain === '') throw new Error('The domain is empty: type the name shoppers will use, e.g. shop.example.com.');
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(domain) || /[/:?#@\s]/.test(domain)) {
    throw new Error(`"${input}" is not a bare domain: type only the name, e.g. shop.example.com (no https://, no path, no port).`);
  }
  if (/^\d+(\.\d+){3}$/.test(domain)) throw new Error('An IP address gets no public certificate: point a domain name at this server and type that name.');
  const label = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
  const labels = domain.split('.');
  if (domain.length > 253 || labels.length < 2 || !labels.every((l) => label.test(l)) || /^\d+$/.test(labels.at(-1))) {
    throw new Error(`"${input}" is not a domain name such as shop.example.com.`);
  }
  return domain;
}

/** What the one answer decides, and where the shop keeps its data. */
export function settingsFor(domain, { port = DEFAULTS.port, dataDir = DEFAULTS.dataDir } = {}) {
  return {
    PUBLIC_URL: `https://${domain}`,
    TRUST_PROXY: 'true',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
  };
}

/**
 * The settings to write: PUBLIC_URL, TRUST_PROXY and HOST follow the answer; PORT and DATA_DIR keep
 * what the file already says (moving a running shop's data is not the installer's business) unless
 * --port is given.
 */
export function resolveSettings(domain, existing, portOption) {
  const port = portOption ?? (existing.has('PORT') ? Number(existing.get('PORT')) : DEFAULTS.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`PORT=${existing.get('PORT')} in the environment file is not a port number (1 to 65535): fix it or pass --port.`);
  const dataDir = existing.get('DATA_DIR') || DEFAULTS.dataDir;
  if (!path.isAbsolute(dataDir)) throw new Error(`DATA_DIR=${dataDir} in the environment file must be an absolute folder such as ${DEFAULTS.dataDir}.`);
  return settingsFor(domain, { port, dataDir });
}

/** KEY=value lines as a map (comments and blank lines are not values). */
export function parseEnvFile(text) {
  const values = new Map();
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(line);
    if (match) values.set(match[1], match[2]);
  }
  return values;
}

/**
 * The environment file with the installer's settings: a line already there for one of them is
 * replaced in place, the others are appended; every other line (the owner's keys, comments) stays as
 * it was. A new file starts with a short header.
 */
export function mergeEnvFile(existing, settings) {
  const pending = new Map(Object.entries(settings));
  const lines = existing === undefined || existing === '' ? [] : existing.replace(/\n$/, '').split('\n');
  const out = lines.map((line) => {
    const key = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
    if (!key || !pending.has(key)) return line;
    const value = pending.get(key);
    pending.delete(key);
    return `${key}=${value}`;
  });
  if (lines.length === 0) {
    out.push(
      '# The shop\'s settings (README, "Configuration"). Written by `npm run service:install`; a re-run',
      '# updates only the lines it sets and keeps the rest (your PAYSTACK_SECRET_KEY, SMTP_URL, ...).',
      '# After a change: sudo systemctl restart nkuto-shop',
    );
  }
  for (const [key, value] of pending) out.push(`${key}=${value}`);
  return `${out.join('\n')}\n`;
}

/** The systemd unit. */
export function unitText({ user, group = user, appDir, nodePath, envFile, dataDir, stopSeconds = stopTimeoutSeconds() }) {
  return `# Written by \`npm run service:install\` (docs/going-online.md).
[Unit]
Description=Nkuto Naturals shop
Documentation=file://${appDir}/docs/going-online.md
After=network-online.target
Wants=network-online.target

[Service]
Type=simple
User=${user}
Group=${group}
WorkingDirectory=${appDir}
EnvironmentFile=${envFile}
ExecStart=${nodePath} ${appDir}/dist/server/index.js
Restart=always
RestartSec=2
# Above the shop's SHUTDOWN_TIMEOUT_MS (its graceful stop), so systemd kills only a stuck shop.
KillSignal=SIGTERM
TimeoutStopSec=${stopSeconds}
# Hardening that leaves the shop's own PostgreSQL working (it runs as this same account, keeps its
# files in DATA_DIR and its socket in DATA_DIR/run).
NoNewPrivileges=true
ProtectSystem=full
ReadWritePaths=${dataDir}
PrivateTmp=true
ProtectKernelTunables=true
ProtectKernelModules=true
ProtectControlGroups=true
RestrictSUIDSGID=true
LimitNOFILE=65536

[Install]
WantedBy=multi-user.target
`;
}

/**
 * Caddy's site for the shop: HTTPS for the domain (a certificate from Let's Encrypt or ZeroSSL, renewed
 * by Caddy) and HTTP sent on to it. Caddy's reverse_proxy sets X-Forwarded-For (the client's address,
 * ignoring what the client sent), X-Forwarded-Proto and X-Forwarded-Host: what the shop reads with
 * TRUST_PROXY=true. HSTS comes from the shop (sent when the request came over TLS).
 */
export function caddySite(domain, port) {
  return `# The shop (written by \`npm run service:install\`): HTTPS for ${domain}, passed on to the shop on this machine.
${domain} {
\treverse_proxy 127.0.0.1:${port}
}
`;
}

const SITE_START = '# >>> nkuto-shop (npm run service:install)';
const SITE_END = '# <<< nkuto-shop';

/**
 * The Caddyfile with the shop's site between markers: replaced on a re-run, appended to a Caddyfile
 * that has other sites. Debian's package ships a Caddyfile serving a welcome page on :80, which would
 * take the port Caddy needs for its certificates' HTTP challenge and redirects: that one is replaced.
 */
export function mergeCaddyfile(existing, domain, port) {
  const block = `${SITE_START}\n${caddySite(domain, port)}${SITE_END}\n`;
  if (existing === undefined || existing.trim() === '' || isPackageDefault(existing)) return block;
  const start = existing.indexOf(SITE_START);
  const end = existing.indexOf(SITE_END);
  if (start !== -1 && end > start) return existing.slice(0, start) + block + existing.slice(end + SITE_END.length).replace(/^\n/, '');
  return `${existing.replace(/\n*$/, '\n\n')}${block}`;
}

/** The Caddyfile Debian's and Caddy's packages install: one `:80` site serving /usr/share/caddy. */
function isPackageDefault(text) {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  return lines[0] === ':80 {' && lines.includes('root * /usr/share/caddy') && lines.filter((l) => l.endsWith('{')).length === 1;
}

function parseArgs(argv) {
  const options = { yes: false, dryRun: false, root: undefined, domain: undefined, port: undefined, user: DEFAULTS.user };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--yes' || arg === '-y') options.yes = true;
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--root') options.root = path.resolve(value());
    else if (arg === '--domain') options.domain = value();
    else if (arg === '--port') options.port = Number(value());
    else if (arg === '--user') options.user = value();
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown option ${arg} (see --help)`);
  }
  if (options.port !== undefined && (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535))
    throw new Error('--port must be a port number (1 to 65535)');
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(options.user)) throw new Error('--user must be a system account name such as nkuto-shop');
  return options;
}

async function askDomain(options) {
  if (options.domain !== undefined) return validateDomain(options.domain);
  if (options.yes || !process.stdin.isTTY) throw new Error('No domain given: run with --domain shop.example.com (or answer the question in a terminal).');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    for (;;) {
      const answer = await rl.question("The shop's domain (its DNS A record points at this server), e.g. shop.example.com: ");
      try {
        return validateDomain(answer);
      } catch (error) {
        console.log(error.message);
      }
    }
  } finally {
    rl.close();
  }
}

function run(command, args, options = {}) {
  console.log(`$ ${[command, ...args].join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', ...options });
}

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
const hasSystemd = () => fs.existsSync('/run/systemd/system') && hasCommand('systemctl');

/** The service's own user, a build, and a warning when that user cannot read the shop's folder. */
function prepareSystem(user, appDir, dataDirSetting) {
  if (spawnSync('id', ['-u', user], { stdio: 'ignore' }).status !== 0) {
    run('useradd', ['--system', '--user-group', '--home-dir', dataDirSetting, '--no-create-home', '--shell', '/usr/sbin/nologin', user]);
  }
  if (!fs.existsSync(path.join(appDir, 'dist/server/index.js')) || !fs.existsSync(path.join(appDir, 'dist/client/index.html'))) {
    console.log('No build found: building the shop (about a minute)...');
    run('npm', ['run', 'build'], { cwd: appDir });
  }
  const readable = spawnSync('setpriv', ['--reuid', user, '--regid', user, '--clear-groups', 'test', '-r', path.join(appDir, 'dist/server/index.js')]);
  if (readable.status !== 0) {
    console.warn(`Warning: ${user} cannot read ${appDir} (a folder under /root or a private home?). Put the shop where it can, e.g. /opt/nkuto-shop.`);
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.help) {
    console.log(
      fs
        .readFileSync(fileURLToPath(import.meta.url), 'utf8')
        .split('\n')
        .slice(1, 13)
        .join('\n')
        .replace(/^\/\/ ?/gm, ''),
    );
    return;
  }
  const appDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
  const domain = await askDomain(options);
  const under = (file) => (options.root ? path.join(options.root, file) : file);
  const system = !options.root && !options.dryRun;
  const isRoot = process.getuid?.() === 0;
  if (system && !isRoot) throw new Error('Run it as root (sudo npm run service:install), or with --root DIR to write the files somewhere to review.');

  const envPath = under(DEFAULTS.envFile);
  const existingEnv = fs.existsSync(envPath) ? fs.readFileSync(envPath, 'utf8') : undefined;
  const settings = resolveSettings(domain, existingEnv === undefined ? new Map() : parseEnvFile(existingEnv), options.port);
  const port = Number(settings.PORT);
  const shutdownMs = Number(existingEnv === undefined ? undefined : parseEnvFile(existingEnv).get('SHUTDOWN_TIMEOUT_MS'));
  const stopSeconds = stopTimeoutSeconds(Number.isFinite(shutdownMs) && shutdownMs > 0 ? shutdownMs : undefined);
  const dataDirSetting = settings.DATA_DIR;
  const kept = existingEnv ? [...parseEnvFile(existingEnv).keys()].filter((k) => !(k in settings)) : [];
  const caddyPath = under(DEFAULTS.caddyFile);
  const existingCaddy = fs.existsSync(caddyPath) ? fs.readFileSync(caddyPath, 'utf8') : undefined;
  const files = [
    { path: envPath, text: mergeEnvFile(existingEnv, settings), mode: 0o600, owned: true },
    {
      path: under(DEFAULTS.unitFile),
      text: unitText({ user: options.user, appDir, nodePath: process.execPath, envFile: DEFAULTS.envFile, dataDir: dataDirSetting, stopSeconds }),
      mode: 0o644,
    },
    { path: caddyPath, text: mergeCaddyfile(existingCaddy, domain, port), mode: 0o644 },
  ];

  if (options.dryRun) {
    for (const file of files) console.log(`--- ${file.path} (mode ${file.mode.toString(8)})\n${file.text}`);
    console.log(`--- ${under(dataDirSetting)}/ (a folder owned by ${options.user}, mode 700)`);
    return;
  }

  if (system) prepareSystem(options.user, appDir, dataDirSetting);

  const ids = system ? { uid: Number(execFileSync('id', ['-u', options.user])), gid: Number(execFileSync('id', ['-g', options.user])) } : undefined;
  for (const file of files) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    fs.writeFileSync(file.path, file.text, { mode: file.mode });
    fs.chmodSync(file.path, file.mode);
    if (ids && file.owned) fs.chownSync(file.path, ids.uid, ids.gid);
    console.log(`wrote ${file.path}`);
  }
  const dataDir = under(dataDirSetting);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (!fs.existsSync(dataDir)) fs.mkdirSync(dataDir, { mode: 0o700 });
  if (ids) fs.chownSync(dataDir, ids.uid, ids.gid);
  console.log(`data folder ${dataDir}`);
  if (kept.length > 0) console.log(`kept from the environment file: ${kept.join(', ')}`);

  const commands = [
    ['systemctl', 'daemon-reload'],
    ['systemctl', 'enable', '--now', SERVICE],
    ['systemctl', 'restart', SERVICE],
    ['systemctl', 'reload-or-restart', 'caddy'],
  ];
  if (system && hasSystemd()) {
    for (const [command, ...args] of commands) run(command, args);
    console.log(`\nThe shop runs as ${options.user}. Check https://${domain}/api/health (once DNS points here and ports 80 and 443 are open).`);
    console.log(`Logs: journalctl -u ${SERVICE} -f    Settings: ${DEFAULTS.envFile} (then systemctl restart ${SERVICE})`);
  } else {
    console.log(
      `\n${options.root ? `Files written under ${options.root}; nothing was started.` : 'No systemd here: nothing was started.'} On the server, as root:`,
    );
    for (const command of commands) console.log(`  ${command.join(' ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`service:install: ${error.message}`);
    process.exit(1);
  });
}
