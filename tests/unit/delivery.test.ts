import { describe, expect, it } from 'vitest';
import { deliveryChoices, deliveryFeeFor, deliveryFeePesewas, fitsAddress, GPS_ADDRESS, gpsMapLink, normalizeGpsAddress } from '@/shared/delivery';

describe('GhanaPost GPS addresses', () => {
  it.each([
    ['ga1838164', 'GA-183-8164'],
    ['GA 183 8164', 'GA-183-8164'],
    [' ga-183-8164 ', 'GA-183-8164'],
    ['AK48457801', 'AK-4845-7801'],
    ['gA--183 -8164', 'GA-183-8164'],
  ])('%s is written %s', (typed, written) => {
    expect(normalizeGpsAddress(typed)).toBe(written);
    expect(GPS_ADDRESS.test(written)).toBe(true);
  });

  it.each(['GA-18-8164', 'G-183-8164', 'GA183816450', '12-345-6789', 'Osu'])('%s is not one', (typed) => {
    expect(GPS_ADDRESS.test(normalizeGpsAddress(typed))).toBe(false);
  });

  it('links to a map search for the address, never a resolving service', () => {
    expect(gpsMapLink('GA-183-8164')).toBe('https://www.google.com/maps/search/?api=1&query=GA-183-8164');
  });
});

describe('which options fit an address', () => {
  const accra = { regions: ['Greater Accra' as const], cities: [], active: true };
  const kumasi = { regions: ['Ashanti' as const], cities: ['Kumasi', 'Ejisu'], active: true };
  const everywhere = { regions: [], cities: [], active: true };

  it('matches the region, and the town without regard to case or spaces', () => {
    expect(fitsAddress(accra, 'Greater Accra', 'Tema')).toBe(true);
    expect(fitsAddress(accra, 'Ashanti', 'Kumasi')).toBe(false);
    expect(fitsAddress(accra, undefined, 'Accra')).toBe(false);
    expect(fitsAddress(kumasi, 'Ashanti', '  kumasi ')).toBe(true);
    expect(fitsAddress(kumasi, 'Ashanti', 'Obuasi')).toBe(false);
    expect(fitsAddress(everywhere, undefined, '')).toBe(true);
  });

  it('offers only options that are on, in the order given', () => {
    const off = { ...everywhere, active: false };
    expect(deliveryChoices([kumasi, off, everywhere, accra], 'Ashanti', 'Ejisu')).toEqual([kumasi, everywhere]);
  });
});

describe('the fee', () => {
  const option = { fee: 25, freeFrom: 90 };
  it('is free from the threshold on, and the whole fee a pesewa below it', () => {
    expect(deliveryFeePesewas(option, 9000)).toBe(0);
    expect(deliveryFeePesewas(option, 8999)).toBe(2500);
    expect(deliveryFeeFor(option, 89.99)).toBe(25);
    expect(deliveryFeeFor({ fee: 12.34, freeFrom: null }, 1_000_000)).toBe(12.34);
  });
});
