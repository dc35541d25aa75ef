import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Hollowbrook guesthouse API, for tests only: in memory, on 127.0.0.1 at a free port.
 * It records every request it sees, and refuses a POST/PUT/PATCH without
 * `Content-Type: application/json` with 415, as the real one refused the small models.
 */
export interface Room {
  id: string;
  name: string;
  sleeps: number;
  price_per_night: number;
}

export interface Booking {
  id: string;
  room_id: string;
  guest_name: string;
  arrival: string;
  departure: string;
  status: 'confirmed' | 'cancelled';
}

export interface SeenRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeHollowbrook {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  rooms: Room[];
  bookings: Booking[];
  requests: SeenRequest[];
  close(): Promise<void>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function startFakeHollowbrook(): Promise<FakeHollowbrook> {
  const rooms: Room[] = [
    { id: 'wren', name: 'Wren', sleeps: 1, price_per_night: 60 },
    { id: 'heron', name: 'Heron', sleeps: 2, price_per_night: 85 },
    { id: 'otter', name: 'Otter', sleeps: 4, price_per_night: 120 },
  ];
  const bookings: Booking[] = [];
  const requests: SeenRequest[] = [];
  let next = 1;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers }, body });
      try {
        route(req, body, res);
      } catch (e) {
        send(res, 500, { error: String(e) });
      }
    });
  });

  function route(req: IncomingMessage, text: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://hollowbrook');
    const method = req.method ?? 'GET';
    const segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    if (['POST', 'PUT', 'PATCH'].includes(method) && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
      return send(res, 415, { error: 'Content-Type must be application/json' });
    }

    if (url.pathname === '/rooms') {
      if (method !== 'GET') return send(res, 405, { error: 'method not allowed' });
      return send(res, 200, rooms);
    }

    if (url.pathname === '/availability') {
      if (method !== 'GET') return send(res, 405, { error: 'method not allowed' });
      const q = url.searchParams;
      const arrival = q.get('arrival') ?? '';
      const departure = q.get('departure') ?? '';
      const bad = stayError(arrival, departure);
      if (bad) return send(res, 400, { error: bad });
      const roomId = q.get('room_id');
      const guests = q.get('guests');
      if (guests !== null && !/^[1-9]\d*$/.test(guests)) return send(res, 400, { error: 'guests must be a positive integer' });
      let checked = rooms;
      if (roomId !== null) {
        checked = rooms.filter((r) => r.id === roomId);
        if (checked.length === 0) return send(res, 404, { error: `no room ${roomId}` });
      }
      if (guests !== null) checked = checked.filter((r) => r.sleeps >= Number(guests));
      return send(res, 200, {
        arrival,
        departure,
        rooms: checked.map((r) => ({ room_id: r.id, available: !clash(r.id, arrival, departure) })),
      });
    }

    if (url.pathname === '/bookings') {
      if (method !== 'POST') return send(res, 405, { error: 'method not allowed' });
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        return send(res, 400, { error: 'body is not JSON' });
      }
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return send(res, 400, { error: 'body must be an object' });
      const b = data as Record<string, unknown>;
      for (const k of ['room_id', 'guest_name', 'arrival', 'departure']) {
        if (typeof b[k] !== 'string' || b[k] === '') return send(res, 400, { error: `${k} is required` });
      }
      const [roomId, guestName, arrival, departure] = [b.room_id, b.guest_name, b.arrival, b.departure] as string[];
      const bad = stayError(arrival, departure);
      if (bad) return send(res, 400, { error: bad });
      if (!rooms.some((r) => r.id === roomId)) return send(res, 404, { error: `no room ${roomId}` });
      if (clash(roomId, arrival, departure)) return send(res, 409, { error: `room ${roomId} is taken for some of those nights` });
      const booking: Booking = { id: `HB-${String(next++).padStart(4, '0')}`, room_id: roomId, guest_name: guestName, arrival, departure, status: 'confirmed' };
      bookings.push(booking);
      return send(res, 201, booking);
    }

    if (segments.length === 2 && segments[0] === 'bookings') {
      const booking = bookings.find((x) => x.id === segments[1]);
      if (method === 'GET') return booking ? send(res, 200, booking) : send(res, 404, { error: 'no such booking' });
      if (method !== 'DELETE') return send(res, 405, { error: 'method not allowed' });
      if (!booking) return send(res, 404, { error: 'no such booking' });
      if (booking.status === 'cancelled') return send(res, 409, { error: 'booking already cancelled' });
      booking.status = 'cancelled';
      return send(res, 200, booking);
    }

    return send(res, 404, { error: 'not found' });
  }

  function clash(roomId: string, arrival: string, departure: string): boolean {
    return bookings.some((b) => b.status === 'confirmed' && b.room_id === roomId && b.arrival < departure && arrival < b.departure);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    rooms,
    bookings,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

function stayError(arrival: string, departure: string): string | undefined {
  if (!DATE.test(arrival) || !DATE.test(departure)) return 'arrival and departure must be YYYY-MM-DD dates';
  if (departure <= arrival) return 'departure must be after arrival';
  return undefined;
}

function send(res: ServerResponse, status: number, data: unknown) {
  const text = JSON.stringify(data);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}
