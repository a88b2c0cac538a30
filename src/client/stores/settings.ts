import { useEffect } from 'react';
import { create } from 'zustand';
import type { ShopSettings } from '../../shared/types';
import { publicHttp } from '../lib/http';

/**
 * The shop's public settings (`GET /api/settings`: name, contact details, WhatsApp number, social
 * links), fetched once per visit and shared by the footer, the chat link and the contact page. While
 * it loads, or if it fails, `settings` stays null and those parts simply show less.
 */
interface SettingsState {
  settings: ShopSettings | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const useShopSettingsStore = create<SettingsState>()(() => ({ settings: null, status: 'idle' }));

/** Fetches once; `retry` fetches again after a failure. */
export async function loadShopSettings({ retry = false }: { retry?: boolean } = {}): Promise<void> {
  const { status } = useShopSettingsStore.getState();
  if (status !== 'idle' && !(retry && status === 'error')) return;
  useShopSettingsStore.setState({ status: 'loading' });
  try {
    const { data } = await publicHttp.get('settings').json<{ data: ShopSettings }>();
    useShopSettingsStore.setState({ settings: data, status: 'ready' });
  } catch {
    useShopSettingsStore.setState({ status: 'error' });
  }
}

export function useShopSettings(): ShopSettings | null {
  return useShopSettingsState().settings;
}

/** The settings with their loading state, for screens that show loading and failure. */
export function useShopSettingsState(): SettingsState {
  const state = useShopSettingsStore();
  useEffect(() => {
    void loadShopSettings();
  }, []);
  return state;
}

/**
 * Whether the checkout offers Mobile Money: not when the settings say the shop has no way to take it.
 * Read without fetching (the app fetches the settings at start-up); unknown (still loading, or
 * offline) offers it, and the server refuses it if it must.
 */
export function useMobileMoneyOffered(): boolean {
  return useShopSettingsStore((s) => s.settings?.payments?.mobileMoney !== false);
}

export { SHOP_NAME as DEFAULT_SHOP_NAME } from '../../shared/constants';

/** The WhatsApp number as wa.me wants it (digits with the country code), or null when there is none. */
export function whatsappNumber(settings: ShopSettings | null): string | null {
  if (!settings) return null;
  const stored = settings.whatsapp.replace(/\D/g, '');
  if (stored) return stored;
  // No WhatsApp number set: the shop phone, a local Ghana number getting its country code.
  const phone = settings.phone.replace(/\D/g, '');
  if (/^0\d{9}$/.test(phone)) return `233${phone.slice(1)}`;
  return phone.length >= 8 ? phone : null;
}
