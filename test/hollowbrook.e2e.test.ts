import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readSkillFolder } from '../cli/read-skill';
import { parseSkillPackage, type SkillPackage } from '../lib/skill/package';
import { publishTools } from '../lib/publish/publish';
import { checkPackage } from '../lib/rules';
import { buildRequest, findCallable, type HttpRequest } from '../lib/call';
import { startFakeHollowbrook, type FakeHollowbrook } from './fake-hollowbrook';

const EXAMPLE = fileURLToPath(new URL('../examples/hollowbrook', import.meta.url));

let pkg: SkillPackage;
let server: FakeHollowbrook;

beforeEach(async () => {
  const read = await readSkillFolder(EXAMPLE);
  if (!read.ok) throw new Error(JSON.stringify(read.problems));
  pkg = parseSkillPackage(read.value);
  server = await startFakeHollowbrook();
});

afterEach(async () => {
  await server.close();
});

/** What the gateway does with a tool's request: send it to where Hollowbrook really is (here, the fake). */
async function send(request: HttpRequest): Promise<{ status: number; json: unknown }> {
  const url = new URL(request.url);
  const target = new URL(url.pathname + url.search, server.origin);
  const res = await fetch(target, { method: request.method, headers: request.headers, body: request.body });
  return { status: res.status, json: await res.json() };
}

/** A call as a model makes it: by the name the manifest lists, with JSON arguments. */
function call(name: string, args: unknown) {
  const callable = findCallable(pkg, name);
  if (!callable.ok) throw new Error(JSON.stringify(callable.problems));
  return buildRequest(callable.value, args);
}

const stay = { room_id: 'heron', guest_name: 'Ada Lovelace', arrival: '2025-06-01', departure: '2025-06-04' };

describe('hollowbrook end to end', () => {
  it('passes every publish rule when read from disk as written by hand', () => {
    expect(checkPackage(pkg)).toEqual([]);
  });

  it('publishes the four operations as tools named by skill and file when read from disk', () => {
    const tools = publishTools(pkg);
    expect(tools.map((t) => [t.name, t.alias])).toEqual([
      ['hollowbrook_cancel_booking', 'cancel_booking'],
      ['hollowbrook_check_availability', 'check_availability'],
      ['hollowbrook_create_booking', 'create_booking'],
      ['hollowbrook_list_rooms', 'list_rooms'],
    ]);
    expect(tools.find((t) => t.alias === 'create_booking')).toEqual({
      name: 'hollowbrook_create_booking',
      alias: 'create_booking',
      description: 'Book a room for a guest from an arrival date to a departure date.',
      parameters: {
        type: 'object',
        required: ['room_id', 'guest_name', 'arrival', 'departure'],
        properties: { room_id: { type: 'string' }, guest_name: { type: 'string' }, arrival: { type: 'string' }, departure: { type: 'string' } },
      },
      safety: 'unsafe',
    });
    expect(JSON.stringify(tools)).not.toContain('$ref');
  });

  it('books exactly one room when create_booking is called once', async () => {
    const built = call('create_booking', stay);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.value).toEqual({
      method: 'POST',
      url: 'http://outturn-hollowbrook:8084/bookings',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(stay),
    });
    const res = await send(built.value);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ...stay, id: 'HB-0001', status: 'confirmed' });
    expect(server.bookings).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].headers['content-type']).toBe('application/json');
  });

  it('books through the tool name as well as the alias', async () => {
    const built = call('hollowbrook_create_booking', stay);
    expect(built.ok && (await send(built.value)).status).toBe(201);
    expect(server.bookings).toHaveLength(1);
  });

  it('sends nothing when guest_name is missing', async () => {
    const built = call('create_booking', { room_id: stay.room_id, arrival: stay.arrival, departure: stay.departure });
    expect(built).toMatchObject({ ok: false, problems: [{ ruleId: 'call-missing-argument', message: expect.stringMatching(/`guest_name`/) }] });
    expect(server.requests).toEqual([]);
    expect(server.bookings).toEqual([]);
  });

  it('names every bad argument and sends nothing when a call is wrong in several ways', () => {
    const built = call('create_booking', { room_id: 7, arrival: '2025-06-01', departure: '2025-06-02', nights: 1 });
    expect(built.problems.map((p) => p.ruleId)).toEqual(['call-invalid-argument', 'call-missing-argument', 'call-unknown-argument']);
    expect(server.requests).toEqual([]);
  });

  it('is refused 415 by the server when a hand-made POST has no Content-Type, which the tool always sends', async () => {
    const res = await fetch(`${server.origin}/bookings`, { method: 'POST', body: new TextEncoder().encode(JSON.stringify(stay)) });
    expect(res.status).toBe(415);
    expect(server.bookings).toEqual([]);
    const built = call('create_booking', stay);
    expect(built.ok && built.value.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('is refused 409 when the room is taken for those nights', async () => {
    const first = call('create_booking', stay);
    const second = call('create_booking', { ...stay, guest_name: 'Charles Babbage', arrival: '2025-06-03', departure: '2025-06-05' });
    expect(first.ok && (await send(first.value)).status).toBe(201);
    expect(second.ok && (await send(second.value)).status).toBe(409);
    expect(server.bookings).toHaveLength(1);
  });

  it('lists the rooms with a GET that has no body and no Content-Type', async () => {
    const built = call('list_rooms', {});
    expect(built.ok && built.value).toEqual({ method: 'GET', url: 'http://outturn-hollowbrook:8084/rooms', headers: {} });
    const res = await send((built as { value: HttpRequest }).value);
    expect(res.status).toBe(200);
    expect((res.json as { id: string }[]).map((r) => r.id)).toEqual(['wren', 'heron', 'otter']);
  });

  it('checks availability with the query in declaration order, before and after a booking', async () => {
    const check = call('check_availability', { departure: '2025-06-04', guests: 2, arrival: '2025-06-01' });
    expect(check.ok && check.value.url).toBe('http://outturn-hollowbrook:8084/availability?arrival=2025-06-01&departure=2025-06-04&guests=2');
    if (!check.ok) return;
    expect((await send(check.value)).json).toEqual({
      arrival: '2025-06-01',
      departure: '2025-06-04',
      rooms: [
        { room_id: 'heron', available: true },
        { room_id: 'otter', available: true },
      ],
    });
    const booked = call('create_booking', stay);
    expect(booked.ok && (await send(booked.value)).status).toBe(201);
    const one = call('check_availability', { room_id: 'heron', arrival: '2025-06-02', departure: '2025-06-03' });
    expect(one.ok && (await send(one.value)).json).toMatchObject({ rooms: [{ room_id: 'heron', available: false }] });
  });

  it('refuses guests that is not an integer before anything is sent', () => {
    const built = call('check_availability', { arrival: '2025-06-01', departure: '2025-06-04', guests: 'two' });
    expect(built.problems).toMatchObject([{ ruleId: 'call-invalid-argument', message: 'Argument `guests` must be integer' }]);
    expect(server.requests).toEqual([]);
  });

  it('cancels the booking it made by the id the booking returned', async () => {
    const booked = call('create_booking', stay);
    const { json } = await send((booked as { value: HttpRequest }).value);
    const id = (json as { id: string }).id;
    const cancel = call('cancel_booking', { id });
    expect(cancel.ok && cancel.value).toEqual({ method: 'DELETE', url: `http://outturn-hollowbrook:8084/bookings/${id}`, headers: {} });
    if (!cancel.ok) return;
    const res = await send(cancel.value);
    expect(res).toEqual({ status: 200, json: { ...stay, id, status: 'cancelled' } });
    expect((await send(cancel.value)).status).toBe(409);
    const unknown = call('cancel_booking', { id: 'HB/9999' });
    expect(unknown.ok && unknown.value.url).toBe('http://outturn-hollowbrook:8084/bookings/HB%2F9999');
    expect(unknown.ok && (await send(unknown.value)).status).toBe(404);
    expect(server.bookings.map((b) => b.status)).toEqual(['cancelled']);
  });
});
