import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { db } from "@/lib/platform/db/client";
import { settleMail } from "@/lib/platform/mail/send-mail";
import { assertAllowedTarget } from "@/lib/domain/webhooks/check-target";
import { attemptDelivery, DISABLE_AFTER_FAILING_MS, RETRY_DELAYS_MS } from "@/lib/domain/webhooks/attempt-delivery";
import { createWebhook } from "@/lib/domain/webhooks/create-webhook";
import { fanOutEvent } from "@/lib/domain/webhooks/fan-out";
import { rotateWebhookSecret } from "@/lib/domain/webhooks/rotate-webhook-secret";
import { admitAttempt, MAX_IN_FLIGHT_PER_ENDPOINT, NOT_ANSWERING_WAIT_MS, SLOW_MS } from "@/lib/domain/webhooks/endpoint-gate";
import { EXCERPT_BYTES, sendWebhookRequest } from "@/lib/domain/webhooks/send-request";
import { createPost } from "@/lib/domain/posts/create-post";
import { updatePost } from "@/lib/domain/posts/update-post";
import { actorOf } from "../support/actors";
import { seedBoard, seedTenant } from "../support/api";
import { startSmtpServer } from "../support/smtp";
import { startReceiver } from "./receiver";

// Deliveries against real receivers on local ports (private networks allowed for them), one
// attempt at a time called directly, the schedule read from the delivery's row (when its next
// attempt is due), so retries need no waiting.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
});
afterAll(async () => {
  await smtp.close();
});

const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterEach(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
}

/** When the delivery's next attempt is due (null: none is), and whether a worker still holds it. */
function schedule(deliveryId: string) {
  return db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, select: { status: true, nextAttemptAt: true, leaseUntil: true } });
}

let eventCount = 0;
function postEvent(workspaceId: string, type = "post.status_changed") {
  eventCount += 1;
  return {
    id: `evt_${eventCount}_${Date.now()}`,
    workspaceId,
    type,
    createdAt: new Date(),
    data: { id: "post_1", title: "Dark mode", status: "planned" },
    previous: { status: "open" },
  };
}

async function endpointFor(url: string, input: Record<string, unknown> = {}) {
  const tenant = await seedTenant({ plan: "PRO" });
  const actor = await actorOf(tenant, tenant.owner);
  const created = await createWebhook(actor, { url, ...input });
  return { tenant, actor, created };
}

async function oneDelivery(url: string, input: Record<string, unknown> = {}) {
  const setup = await endpointFor(url, input);
  const event = postEvent(setup.tenant.workspace.id);
  const created = await fanOutEvent(event);
  expect(created).toHaveLength(1);
  const deliveryId = created[0]!;
  return { ...setup, event, deliveryId };
}

describe("signing", () => {
  it("the receiver verifies the message with the standardwebhooks package; the body is { type, timestamp, data }", async () => {
    const hook = await receiver();
    const { created, deliveryId, event } = await oneDelivery(hook.url);
    expect(await attemptDelivery(deliveryId)).toBe("delivered");
    const [request] = hook.received;
    expect(request!.headers["webhook-id"]).toBe(deliveryId);
    const verified = new Webhook(created.secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(verified).toEqual({ type: "post.status_changed", timestamp: event.createdAt.toISOString(), data: event.data });
    expect(() => new Webhook("whsec_" + Buffer.from("another secret of thirty-two by").toString("base64")).verify(request!.body, request!.headers as Record<string, string>)).toThrow();
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(row).toMatchObject({ status: "DELIVERED", attempts: 1, lastStatusCode: 200, responseExcerpt: "ok", error: null });
  });

  it("during a rotation both secrets sign (two v1, signatures) and each verifies alone; after 24 hours only the new one", async () => {
    const hook = await receiver();
    const { created, actor, tenant } = await endpointFor(hook.url);
    const rotated = await rotateWebhookSecret(actor, created.id);
    const [first] = await fanOutEvent(postEvent(tenant.workspace.id));
    await attemptDelivery(first!);
    const request = hook.received[0]!;
    const headers = request.headers as Record<string, string>;
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(created.secret).verify(request.body, headers)).not.toThrow();
    expect(() => new Webhook(rotated.secret).verify(request.body, headers)).not.toThrow();

    await db.webhookEndpoint.update({ where: { id: created.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1) } });
    const [second] = await fanOutEvent(postEvent(tenant.workspace.id));
    await attemptDelivery(second!);
    const later = hook.received[1]!;
    expect((later.headers["webhook-signature"] as string).split(" ")).toHaveLength(1);
    expect(() => new Webhook(created.secret).verify(later.body, later.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(rotated.secret).verify(later.body, later.headers as Record<string, string>)).not.toThrow();
  });
});

describe("fan-out", () => {
  it("only enabled endpoints subscribed to the type get a delivery, due at once; running it twice adds nothing", async () => {
    const hook = await receiver();
    const { tenant, actor } = await endpointFor(hook.url, { eventTypes: ["post.created"] });
    await createWebhook(actor, { url: hook.url, eventTypes: ["post.status_changed"] });
    await createWebhook(actor, { url: hook.url });
    await createWebhook(actor, { url: hook.url, enabled: false });
    const event = postEvent(tenant.workspace.id);
    const now = new Date();
    const created = await fanOutEvent(event, now);
    expect(created).toHaveLength(2);
    expect(await fanOutEvent(event)).toHaveLength(0);
    for (const id of created) expect(await schedule(id)).toEqual({ status: "PENDING", nextAttemptAt: now, leaseUntil: null });
  });

  it("slack endpoints get text + blocks with a link back; discord endpoints get embeds", async () => {
    const hook = await receiver();
    const slack = await oneDelivery(hook.url, { kind: "slack" });
    await attemptDelivery(slack.deliveryId);
    const message = JSON.parse(hook.received[0]!.body);
    expect(message.text).toContain("“Dark mode” moved from open to planned");
    expect(message.blocks[0].text.text).toContain(`/w/${slack.tenant.workspace.slug}/posts/post_1|Open in Workspace>`);
    const discord = await oneDelivery(hook.url, { kind: "discord" });
    await attemptDelivery(discord.deliveryId);
    const embed = JSON.parse(hook.received[1]!.body).embeds[0];
    expect(embed.title).toContain("Dark mode");
    expect(embed.url).toMatch(/\/posts\/post_1$/);
  });
});

describe("chat messages carry others' text as text", () => {
  it("a title with Slack markup reaches Slack escaped in text and blocks alike: no channel ping, no disguised link", async () => {
    const hook = await receiver();
    const { tenant, actor } = await endpointFor(hook.url, { kind: "slack", eventTypes: ["post.created"] });
    const board = await seedBoard(tenant.workspace.id);
    await createPost(actor, { boardId: board.id, title: "<!channel> <https://evil.example/x|Open the admin dashboard> & more" });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpoint: { workspaceId: tenant.workspace.id } } });
    expect(await attemptDelivery(delivery.id)).toBe("delivered");
    const message = JSON.parse(hook.received[0]!.body) as { text: string; blocks: Array<{ text?: { text: string } }> };
    for (const text of [message.text, message.blocks[0]!.text!.text]) {
      expect(text).toContain("&lt;!channel&gt; &lt;https://evil.example/x|Open the admin dashboard&gt; &amp; more");
      expect(text).not.toContain("<!channel>");
      expect(text).not.toContain("<https://evil.example");
    }
    expect(message.text).toMatch(new RegExp(`/w/${tenant.workspace.slug}/posts/[A-Za-z0-9_-]+$`));
  });
});

describe("retries and turning endpoints off", () => {
  it("deliveries put off while their endpoint was not answering are due at once when it answers again; a retry the schedule set keeps its time", async () => {
    const hook = await receiver();
    const { tenant, created } = await endpointFor(hook.url);
    const [probeId, putOffId, retryId] = (await Promise.all([1, 2, 3].map(async () => (await fanOutEvent(postEvent(tenant.workspace.id)))[0]!))) as [string, string, string];
    const lastAttemptAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const retryDue = new Date(lastAttemptAt.getTime() + RETRY_DELAYS_MS[1]);
    await db.webhookDelivery.update({ where: { id: retryId }, data: { attempts: 1, lastAttemptAt, lastStatusCode: 500, nextAttemptAt: retryDue } });

    // This worker's attempts to the endpoint have hung past SLOW_MS: it is not answering.
    const hung = Array.from({ length: MAX_IN_FLIGHT_PER_ENDPOINT }, () => admitAttempt(created.id, Date.now() - SLOW_MS));
    expect(await attemptDelivery(putOffId)).toBe("deferred");
    expect((await schedule(putOffId)).nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + NOT_ANSWERING_WAIT_MS - 5_000);
    for (const admission of hung) if (admission.admitted) admission.done(true);

    // The probe is answered: the one put off is due now, the scheduled retry still in 5 s.
    expect(await attemptDelivery(probeId)).toBe("delivered");
    expect((await schedule(putOffId)).nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await schedule(retryId)).nextAttemptAt).toEqual(retryDue);
    expect(await attemptDelivery(putOffId)).toBe("delivered");
    expect(hook.received).toHaveLength(2);
  });

  it("the first success after a run of failures brings back the deliveries put off meanwhile, even in a worker that never saw the silence", async () => {
    const hook = await receiver();
    const { tenant, created } = await endpointFor(hook.url);
    const [answeredId, putOffId] = (await Promise.all([1, 2].map(async () => (await fanOutEvent(postEvent(tenant.workspace.id)))[0]!))) as [string, string];
    // Left by a worker that has since restarted: the endpoint failing for an hour, one delivery put off for an hour.
    await db.webhookEndpoint.update({ where: { id: created.id }, data: { failingSince: new Date(Date.now() - 60 * 60_000) } });
    await db.webhookDelivery.update({ where: { id: putOffId }, data: { nextAttemptAt: new Date(Date.now() + 60 * 60_000) } });

    expect(await attemptDelivery(answeredId)).toBe("delivered");
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } })).failingSince).toBeNull();
    expect((await schedule(putOffId)).nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("a failing receiver is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery fails", async () => {
    const hook = await receiver((_request, response) => {
      response.statusCode = 500;
      response.end("boom");
    });
    const { deliveryId } = await oneDelivery(hook.url);
    let clock = Date.now();
    const now = () => new Date(clock);
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      // As the worker's pump would have left it: claimed, with a lease the outcome gives up.
      await db.webhookDelivery.update({ where: { id: deliveryId }, data: { leaseUntil: new Date(Date.now() + 60_000) } });
      const result = await attemptDelivery(deliveryId, { now });
      const row = await schedule(deliveryId);
      expect(row.leaseUntil).toBeNull();
      if (attempt < RETRY_DELAYS_MS.length) {
        expect(result).toBe("retrying");
        expect(row.status).toBe("PENDING");
        const next = row.nextAttemptAt!.getTime();
        gaps.push(next - clock);
        clock = next;
      } else {
        expect(result).toBe("failed");
        expect(row).toMatchObject({ status: "FAILED", nextAttemptAt: null });
      }
    }
    expect(gaps).toEqual(RETRY_DELAYS_MS.slice(1));
    expect(hook.received).toHaveLength(8);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ status: "FAILED", attempts: 8, lastStatusCode: 500, responseExcerpt: "boom", error: "Answered 500." });
  });

  it("410 Gone turns the endpoint off at once, without retrying", async () => {
    const hook = await receiver((_request, response) => {
      response.statusCode = 410;
      response.end();
    });
    const { deliveryId, created } = await oneDelivery(hook.url);
    expect(await attemptDelivery(deliveryId)).toBe("failed");
    expect(await schedule(deliveryId)).toMatchObject({ status: "FAILED", nextAttemptAt: null });
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ enabled: false, disabledReason: "it answered 410 Gone." });
  });

  it("failing for 5 days turns the endpoint off and mails the workspace's admins and owners (not members)", async () => {
    const hook = await receiver((_request, response) => {
      response.statusCode = 503;
      response.end();
    });
    const { deliveryId, created, tenant } = await oneDelivery(hook.url);
    const admin = await tenant.member("ADMIN");
    const member = await tenant.member("MEMBER");
    await db.webhookEndpoint.update({ where: { id: created.id }, data: { failingSince: new Date(Date.now() - DISABLE_AFTER_FAILING_MS + 1_000) } });
    expect(await attemptDelivery(deliveryId)).toBe("retrying");
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } })).enabled).toBe(true);

    await db.webhookEndpoint.update({ where: { id: created.id }, data: { failingSince: new Date(Date.now() - DISABLE_AFTER_FAILING_MS - 1) } });
    expect(await attemptDelivery(deliveryId)).toBe("failed");
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ enabled: false, disabledReason: "every delivery failed for 5 days." });
    await settleMail();
    for (const address of [tenant.owner.email, admin.email]) {
      const mail = await smtp.mailTo(address);
      expect(mail.subject).toContain("was turned off");
      expect(mail.text).toContain(hook.url);
      expect(mail.text).toContain(`/w/${tenant.workspace.slug}/settings/webhooks`);
    }
    expect(smtp.mailsTo(member.email)).toHaveLength(0);
  });

  it("a success ends the run of failures", async () => {
    const hook = await receiver();
    const { deliveryId, created } = await oneDelivery(hook.url);
    await db.webhookEndpoint.update({ where: { id: created.id }, data: { failingSince: new Date(Date.now() - 3_600_000) } });
    await attemptDelivery(deliveryId);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } })).failingSince).toBeNull();
  });

  it("an endpoint deleted while its delivery runs (another tab) ends the delivery quietly", async () => {
    let endpointId = "";
    const hook = await receiver((_request, response) => {
      void db.webhookEndpoint.delete({ where: { id: endpointId } }).then(() => response.end("ok"));
    });
    const { deliveryId, created } = await oneDelivery(hook.url);
    endpointId = created.id;
    expect(await attemptDelivery(deliveryId)).toBe("gone");
    expect(await attemptDelivery(deliveryId)).toBe("gone");
  });
});

describe("what a receiver cannot do to the sender", () => {
  it("an answer of 50 MiB is not buffered: 4 KiB are kept and the connection is dropped", async () => {
    let written = 0;
    let closedEarly = false;
    const hook = await receiver((_request, response) => {
      const chunk = Buffer.alloc(64 * 1024, "x");
      const total = 50 * 1024 * 1024;
      response.writeHead(200, { "content-length": total });
      response.on("close", () => {
        closedEarly = written < total;
      });
      const pump = () => {
        while (written < total) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once("drain", pump);
        }
        response.end();
      };
      pump();
    });
    const { deliveryId } = await oneDelivery(hook.url);
    const memoryBefore = process.memoryUsage().rss;
    expect(await attemptDelivery(deliveryId)).toBe("delivered");
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    expect(row.responseExcerpt).toHaveLength(EXCERPT_BYTES);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closedEarly).toBe(true);
    expect(written).toBeLessThan(10 * 1024 * 1024);
    expect(process.memoryUsage().rss - memoryBefore).toBeLessThan(40 * 1024 * 1024);
  });

  it("a receiver that never answers times out, and records why", async () => {
    const hook = await receiver(() => {
      // never answers
    });
    const started = Date.now();
    const outcome = await sendWebhookRequest(hook.url, "{}", {}, { timeoutMs: 500 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: "No answer within 1 s." });
  });

  it("a redirect is not followed (here to the metadata address): the attempt fails and nothing else is requested", async () => {
    const target = await receiver();
    const hook = await receiver((_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.1:${target.port}/latest/meta-data` });
      response.end();
    });
    const { deliveryId } = await oneDelivery(hook.url);
    expect(await attemptDelivery(deliveryId)).toBe("retrying");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).toMatchObject({ lastStatusCode: 302, error: "Answered 302: redirects are not followed." });
    expect(target.received).toHaveLength(0);
  });

  it("DNS rebinding: a name that resolved to a public address when saved and to loopback when sending is refused at connection time", async () => {
    const hook = await receiver();
    delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    const url = `https://rebind.example.test:${hook.port}/hook`;
    let answers = 0;
    const rebinding = async () => (answers++ === 0 ? [{ address: "93.184.215.14", family: 4 }] : [{ address: "127.0.0.1", family: 4 }]);
    await expect(assertAllowedTarget(url, rebinding)).resolves.toBeUndefined();
    const outcome = await sendWebhookRequest(url, "{}", {}, { resolve: rebinding });
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/rebind\.example\.test resolves to 127\.0\.0\.1 is a private/);
    expect(hook.received).toHaveLength(0);
  });

  it.each(["::127.0.0.1", "::ffff:0:7f00:1", "64:ff9b:1::7f00:1", "2002:7f00:1::", "fec0::1", "2001::7f00:1"])(
    "a name resolving to the IPv6 form %s of a local address is refused at connection time",
    async (address) => {
      delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
      const outcome = await sendWebhookRequest("https://transition.example.test/hook", "{}", {}, { resolve: async () => [{ address, family: 6 }] });
      expect(outcome.ok).toBe(false);
      expect(outcome.error).toMatch(/transition\.example\.test resolves to .* is a private/);
    },
  );

  it("the connection goes to the address the check resolved (the name itself is never looked up again)", async () => {
    const hook = await receiver();
    const outcome = await sendWebhookRequest(`http://no-such-host.invalid:${hook.port}/hook`, "{}", {}, { resolve: async () => [{ address: "127.0.0.1", family: 4 }] });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
    expect(hook.received).toHaveLength(1);
  });

  it("a host name is looked up once, by the connection, not once more before it for every delivery", async () => {
    const hook = await receiver();
    const lookups: string[] = [];
    const counting = async (hostname: string) => {
      lookups.push(hostname);
      return [{ address: "127.0.0.1", family: 4 }];
    };
    const outcome = await sendWebhookRequest(`http://counted.example.test:${hook.port}/hook`, "{}", {}, { resolve: counting });
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
    expect(lookups).toEqual(["counted.example.test"]);
  });

  it("a host name that cannot be resolved fails the attempt and says so", async () => {
    const outcome = await sendWebhookRequest("http://gone.example.test/hook", "{}", {}, {
      resolve: async () => {
        throw new Error("ENOTFOUND");
      },
    });
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: "The host name gone.example.test could not be resolved." });
  });

  it("with private networks not allowed, the check refuses a loopback address before connecting", async () => {
    const hook = await receiver();
    delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
    const outcome = await sendWebhookRequest(`https://127.0.0.1:${hook.port}/hook`, "{}", {});
    expect(outcome.error).toMatch(/127\.0\.0\.1 is a private, loopback/);
    expect(hook.received).toHaveLength(0);
  });
});

describe("deliveries recorded with their event", () => {
  it("store no copy of the event: the attempt sends it from the event's row, signed, and a chat message reads its previous state", async () => {
    const hook = await receiver();
    const { tenant, actor, created } = await endpointFor(hook.url, { eventTypes: ["post.status_changed"] });
    const slack = await createWebhook(actor, { url: hook.url, kind: "slack", eventTypes: ["post.status_changed"] });
    const board = await seedBoard(tenant.workspace.id);
    const post = await createPost(actor, { boardId: board.id, title: "Dark mode" });
    await updatePost(actor, post.id, { status: "planned" });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: created.id } });
    expect(delivery.payload).toBeNull();
    const event = await db.event.findUniqueOrThrow({ where: { id: delivery.eventId } });

    expect(await attemptDelivery(delivery.id)).toBe("delivered");
    const [message] = hook.received;
    const body = new Webhook(created.secret).verify(message!.body, message!.headers as Record<string, string>);
    expect(body).toEqual({ type: "post.status_changed", timestamp: event.createdAt.toISOString(), data: event.data });
    expect(body).toMatchObject({ data: { id: post.id, status: "planned" } });

    const chat = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: slack.id } });
    expect(await attemptDelivery(chat.id)).toBe("delivered");
    expect(JSON.parse(hook.received[1]!.body).text).toContain("“Dark mode” moved from open to planned");
  });

  it("whose event row is gone: a failed attempt saying the request could not be built, nothing sent", async () => {
    const hook = await receiver();
    const { tenant, actor, created } = await endpointFor(hook.url, { eventTypes: ["post.created"] });
    const board = await seedBoard(tenant.workspace.id);
    await createPost(actor, { boardId: board.id, title: "Dark mode" });
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: created.id } });
    await db.event.delete({ where: { id: delivery.eventId } });

    expect(await attemptDelivery(delivery.id)).toBe("retrying");
    expect(hook.received).toHaveLength(0);
    const row = await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row.error).toBe("The request could not be built: its event no longer exists");
    expect(row.attempts).toBe(1);
  });
});
