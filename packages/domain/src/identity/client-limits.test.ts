import { describe, expect, it } from 'vitest';
import { clientAddressKey, clientLimitRefusal } from './client-limits';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is, and reads one mapped into IPv6 as IPv4', () => {
    expect(clientAddressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const key = '2001:db8:aa:1::/64';
    for (const address of ['2001:db8:aa:1::1', '2001:0db8:00aa:0001:ffff:ffff:ffff:fffe', '2001:DB8:AA:1:1234:5678:9abc:def0', '2001:db8:aa:1::1%eth0']) {
      expect(clientAddressKey(address), address).toBe(key);
    }
    expect(clientAddressKey('2001:db8:aa:2::1')).toBe('2001:db8:aa:2::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is not an address alone (it still counts, under its own text)', () => {
    expect(clientAddressKey('not:an:address:at:all:x')).toBe('not:an:address:at:all:x');
    expect(clientAddressKey('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9');
  });
});

describe('clientLimitRefusal', () => {
  const end = new Date('2027-03-01T19:00:00Z'); // 3:00 PM in Port of Spain
  const now = new Date('2027-03-01T18:10:00Z');

  it('says a connection’s limit and an account’s limit apart, and when to try again', () => {
    expect(clientLimitRefusal('send', 'address', end, now)).toEqual({ retryAt: end, message: 'Too many codes were requested from your connection. Try again after 3:00 PM' });
    expect(clientLimitRefusal('send', 'account', end, now).message).toBe('Too many codes were requested for this account. Try again after 3:00 PM');
    expect(clientLimitRefusal('check', 'address', end, now).message).toBe('Too many sign-in attempts from your connection. Try again after 3:00 PM');
    expect(clientLimitRefusal('check', 'account', end, now).message).toBe('Too many attempts for this account. Try again after 3:00 PM');
    for (const kind of ['send', 'check'] as const) expect(clientLimitRefusal(kind, 'account', end, now).message).not.toMatch(/connection/);
  });
});
