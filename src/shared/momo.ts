/**
 * Ghana's Mobile Money networks and the number prefixes each one owns (NCA numbering plan, as the
 * networks sell them in 2026). Paystack's provider codes are `mtn`, `vod` (Telecel, formerly
 * Vodafone Cash) and `atl` (AirtelTigo Money).
 */
export const MOMO_NETWORKS = [
  { code: 'mtn', label: 'MTN MoMo', prefixes: ['024', '025', '053', '054', '055', '059'] },
  { code: 'vod', label: 'Telecel Cash', prefixes: ['020', '050'] },
  { code: 'atl', label: 'AirtelTigo Money', prefixes: ['026', '027', '056', '057'] },
] as const;

export type MomoNetwork = (typeof MOMO_NETWORKS)[number]['code'];
export const MOMO_NETWORK_CODES = MOMO_NETWORKS.map((n) => n.code) as [MomoNetwork, ...MomoNetwork[]];

/**
 * A number in the local form Paystack's Ghana examples use (`0553241149`): `+233 55 324 1149`,
 * `233553241149` and `055 324 1149` all become `0553241149`. Undefined when it is not a Ghana
 * mobile number of that shape.
 */
export function localMomoNumber(input: string): string | undefined {
  const compact = input.replace(/[\s-]+/g, '');
  const national = /^\+?233(\d{9})$/.exec(compact)?.[1] ?? /^0(\d{9})$/.exec(compact)?.[1];
  return national && /^[1-9]/.test(national) ? `0${national}` : undefined;
}

/** The network that owns the number's prefix; undefined when none does (the shopper then chooses). */
export function detectMomoNetwork(input: string): MomoNetwork | undefined {
  const local = localMomoNumber(input);
  if (!local) return undefined;
  const prefix = local.slice(0, 3);
  return MOMO_NETWORKS.find((n) => (n.prefixes as readonly string[]).includes(prefix))?.code;
}

export function momoNetworkLabel(code: MomoNetwork): string {
  return MOMO_NETWORKS.find((n) => n.code === code)?.label ?? code;
}

/** `0553241149` → `055 324 1149`, as the number is read aloud and printed on SIM packs. */
export function formatMomoNumber(local: string): string {
  return /^\d{10}$/.test(local) ? `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}` : local;
}

/**
 * Why a charge attempt ended unpaid, for the shopper's words. Read from the network's own text
 * (`declineReasonOf`), or set by the shop: `timeout` when the countdown ran out, `cancelled` when
 * the shopper stopped it.
 */
export const DECLINE_REASONS = ['declined', 'insufficient_funds', 'wrong_number', 'timeout', 'cancelled'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The network's words (`Insufficient funds`, `Invalid phone number`, ...) as one of the reasons. */
export function declineReasonOf(providerText: string | undefined): DeclineReason {
  const words = providerText ?? '';
  if (/insufficient|not enough|low balance/i.test(words)) return 'insufficient_funds';
  if (
    /invalid (phone|number|mobile|msisdn|account)|not registered|wallet not found|unknown (number|subscriber)|wrong number|not a (valid )?mobile money/i.test(
      words,
    )
  )
    return 'wrong_number';
  if (/time ?out|timed out|expired|no response/i.test(words)) return 'timeout';
  return 'declined';
}

/**
 * The sandbox's test numbers: each plays one thing a network can do, so the demo and the tests can
 * reach every state. Any other number is approved after a few seconds.
 */
export const SANDBOX_MOMO_NUMBERS = [
  { number: '0240000001', script: 'approve', label: 'approved on the phone after a few seconds' },
  { number: '0200000002', script: 'otp', label: 'asks for a voucher code: type 123456' },
  { number: '0240000003', script: 'decline', label: 'declined on the phone' },
  { number: '0240000004', script: 'insufficient_funds', label: 'not enough money in the wallet' },
  { number: '0240000005', script: 'no_answer', label: 'never answered, so it times out' },
  { number: '0240000006', script: 'decline_then_approve', label: 'declined the first time, approved on a retry' },
  { number: '0240000007', script: 'wrong_number', label: 'not a Mobile Money wallet' },
] as const;
export type SandboxScript = (typeof SANDBOX_MOMO_NUMBERS)[number]['script'];
export const SANDBOX_OTP = '123456';

export function sandboxScriptFor(local: string): SandboxScript {
  return SANDBOX_MOMO_NUMBERS.find((n) => n.number === local)?.script ?? 'approve';
}
