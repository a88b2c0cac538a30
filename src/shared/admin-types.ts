import type { MessageChannel, MessageKind, MessageStatus } from './back-office';
import type { OrderVerification } from './constants';
import type { AdminOrder, Product, User } from './types';

/** Answer shapes of the admin's API (ARCHITECTURE section 4): customers, messages, promo codes, the dashboard, the setup guide. */
/** Where the owner's alerts go (admin-only: never in the public settings answer) and which kinds are on. */
export interface OwnerAlertSettings {
  /** Ghanaian numbers as +233 digits. */
  phones: string[];
  emails: string[];
  newOrder: boolean;
  paymentFlag: boolean;
  lowStock: boolean;
}

/** One message in the outbox as the admin sees it: never its secret part. */
export interface OutboxMessage {
  _id: string;
  orderId: string | null;
  orderNumber: string | null;
  kind: MessageKind;
  audience: 'shopper' | 'owner';
  channel: MessageChannel;
  recipient: string;
  subject: string | null;
  body: string;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  provider: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
  /** How often an admin resent it, and when last. */
  resends: number;
  resentAt: string | null;
}

/** The steps of the admin's setup guide, in the order the dashboard lists them. */
export const SETUP_STEP_IDS = ['shop-details', 'admin-account', 'payments', 'messages', 'delivery', 'products', 'policies', 'going-online', 'go-live'] as const;
export type SetupStepId = (typeof SETUP_STEP_IDS)[number];

/** One thing missing from a setup step, in the owner's words. */
export interface SetupGap {
  text: string;
  /** Done outside the shop and takes days (Hubtel sender ID approval, Paystack business verification): the guide lists these first. */
  takesDays: boolean;
}

export interface SetupStep {
  id: SetupStepId;
  /** Nothing left for the owner here. */
  done: boolean;
  /** What is missing; empty when done. */
  missing: SetupGap[];
  /** A step only the owner can tell is done (policies): they tick it. */
  ownerTicks: boolean;
}

/** What go-live removes: the rows the demo seeded, counted now. */
export interface DemoDataCounts {
  products: number;
  customers: number;
  orders: number;
  promoCodes: number;
  deliveryOptions: number;
}

/** `GET /api/setupGuide` (admin). */
export interface SetupGuide {
  demoShop: boolean;
  steps: SetupStep[];
  /** Go-live can run now; otherwise `goLiveBlockedBy` says why (the admin signed in with the published demo password, say). */
  canGoLive: boolean;
  goLiveBlockedBy: string | null;
  demoData: DemoDataCounts;
}

/** `POST /api/goLive` (admin): what was removed and where the backup taken first is. */
export interface GoLiveResult {
  removed: DemoDataCounts & { images: number };
  backupFile: string;
}

/** A row of `GET /getAllUsers`: the account with its order count and the money it has paid. */
export interface AdminCustomer extends User {
  /** An account (a guest buyer is `AdminGuestBuyer`). */
  kind: 'account';
  joinDate: string;
  orderCount: number;
  /** Cedis received: paid orders that were not cancelled. */
  totalSpent: number;
  /** The account's own phone, else the latest order's; accounts hold no address of their own. */
  phone: string | null;
  /** The account's own phone only: where the admin can send a reset code by SMS. */
  accountPhone: string | null;
  address: string | null;
  /** The newest order's date; null without orders. */
  lastOrderDate: string | null;
}

/**
 * A buyer without an account: the orders placed with no account, grouped by the buyer's
 * phone, and by e-mail where the phones differ (orders sharing either are one buyer). `_id` is an
 * opaque key (`GET /getGuestBuyer/{key}`); name, e-mail, phone and address are the latest order's.
 */
export interface AdminGuestBuyer {
  kind: 'guest';
  _id: string;
  fullName: string;
  email: string;
  /** Always null: a guest buyer has no account, so no photo. */
  avatar: null;
  /** The latest order's phone as `+233` and 9 digits (as typed when it is no Ghana number). */
  phone: string | null;
  address: string | null;
  /** The first order's date. */
  joinDate: string;
  lastOrderDate: string;
  orderCount: number;
  /** Cedis received, counted as for accounts: paid orders that were not cancelled. */
  totalSpent: number;
  /** Every phone (`+233…`) and e-mail (lower case) the buyer's orders used. */
  phones: string[];
  emails: string[];
}

/** A row of `GET /getAllUsers?kind=`: an account or a guest buyer. */
export type CustomerListItem = AdminCustomer | AdminGuestBuyer;

/** `GET /getGuestBuyer/{key}`: the guest buyer, their orders newest first and the totals. */
export interface GuestBuyerProfile {
  user: AdminGuestBuyer;
  orders: AdminOrder[];
  totalOrders: number;
  totalSpent: number;
}

/** `GET /getUserById/{id}`: the account, its orders newest first and the totals. */
export interface CustomerProfile {
  user: AdminCustomer;
  orders: AdminOrder[];
  totalOrders: number;
  totalSpent: number;
}

/** A message sent from the contact page (`GET /getContactMessages`, admin). */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

/** A discount code shoppers type at checkout (`GET /promoCodes` answers every one, in code order). */
export interface PromoCode {
  /** Upper case letters and digits, 3 to 40. */
  code: string;
  /** A whole percent, 1 to 100. */
  percent: number;
  /** Off: checkout refuses the code; orders already placed keep their discount. */
  active: boolean;
  /** The code works from this moment (ISO; null: at once)... */
  startsAt: string | null;
  /** ...to this one, included (ISO; null: no end). A date alone ends at its last millisecond. */
  endsAt: string | null;
  /** Uses in all; null: no limit. */
  maxUses: number | null;
  /** One use per customer: by account, phone or e-mail (any match). */
  onePerCustomer: boolean;
  /** Orders placed with it that are not cancelled. */
  uses: number;
  /** What checkout makes of it now (the server's clock). */
  state: PromoState;
  createdAt: string;
}

/** A code's standing: switched off, waiting for its start, past its end, out of uses, or working. */
export type PromoState = 'inactive' | 'scheduled' | 'expired' | 'used_up' | 'active';

/** One day of the sales chart: `YYYY-MM-DD` (Accra's day, which is UTC) and the money received, in cedis. */
export interface SalesDay {
  date: string;
  total: number;
}

/** A Cash on Delivery order holding its items until an admin confirms it (moves it to Processing). */
export interface AwaitingConfirmation {
  _id: string;
  orderNumber: string;
  fullName: string;
  /** In cedis. */
  total: number;
  /** ISO time: not confirmed by then, the order is cancelled and its items go back on sale. */
  confirmBy: string;
  /** Whether the buyer confirmed their phone (else the shop should call before confirming). */
  verification: OrderVerification;
  /** Whether its items are put aside now. */
  stockHeld: boolean;
}

/** `GET /getDashboardStats` (admin): the whole dashboard in one call. */
export interface DashboardStats {
  /** Money received, in cedis: paid orders less the refunds processed. */
  totalSales: number;
  totalOrders: number;
  /** Customer accounts (the spec's count). */
  totalCustomers: number;
  /** Buyers without an account, grouped as in the customer list. */
  guestBuyers: number;
  /** Orders with an open admin flag. */
  needsAttention: number;
  /** The last 30 days, oldest first, days without sales included. */
  salesByDay: SalesDay[];
  /** The 5 newest orders. */
  recentOrders: AdminOrder[];
  /** Products with a stock of 5 or less, lowest first. */
  lowStock: Product[];
  /** Cash on Delivery orders waiting for confirmation, the most urgent first (at most 20). */
  awaitingConfirmation: AwaitingConfirmation[];
  /** Open orders whose buyer is not shown to be real yet (no confirmed phone, not confirmed by the shop). */
  unverifiedOrders: number;
}
