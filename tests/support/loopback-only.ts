import net from 'node:net';
import { isIpLiteral } from '@/lib/outbound/address-policy';
import ipaddr from 'ipaddr.js';

// Test guard: while installed, any TCP connection in this process to anything but a loopback IP
// throws before a packet is sent (every socket, TLS included, goes through Socket#connect). The
// outbound tests install it so that even a wrong client cannot reach another machine.

type ConnectArgs = Parameters<net.Socket['connect']>;

function targetHost(args: unknown[]): string | null {
  // net.connect passes its already-normalised arguments as one array.
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (typeof first === 'object' && first !== null) {
    if ('path' in first && (first as { path?: string }).path) return null; // a Unix socket
    return (first as { host?: string }).host ?? 'localhost';
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return typeof second === 'string' ? second : 'localhost';
  }
  return null; // a Unix socket path
}

export function installLoopbackOnlyGuard(): () => void {
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guarded(this: net.Socket, ...args: ConnectArgs) {
    const host = targetHost(args as unknown[]);
    const loopback =
      host !== null && isIpLiteral(host) && ipaddr.process(host.replace(/^\[|\]$/g, '')).range() === 'loopback';
    if (host !== null && !loopback) throw new Error(`Test guard: refused to connect to ${host}`);
    return original.apply(this, args);
  } as net.Socket['connect'];
  return () => {
    net.Socket.prototype.connect = original;
  };
}
