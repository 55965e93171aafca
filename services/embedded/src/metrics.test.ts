/** The process's metrics, as Prometheus scrapes them from METRICS_PORT in the embedded shape (dist/main.js). */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ADMIT_AT_ANY_LOAD, freePort, scaled } from '@tip/platform/testing';
import { startBuiltPlatform, type BuiltPlatform } from './testing/built-platform.js';

let platform: BuiltPlatform;
let base: string;
let ADMIN: BuiltPlatform['admin'];
let metricsUrl: string;

beforeAll(async () => {
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  platform = await startBuiltPlatform('metrics', { METRICS_PORT: String(metricsPort), ...ADMIT_AT_ANY_LOAD });
  ({ base, admin: ADMIN } = platform);
}, scaled(90_000));
afterAll(() => platform.stop());

/** The value of one series in a scrape, or undefined when it is not there. */
function sample(scrape: string, series: string): number | undefined {
  const line = scrape.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('METRICS_PORT', () => {
  it('serves the requests by route, the services’ calls by method, sockets, pushes and Node’s own', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    for (let n = 0; n < 3; n++)
      expect((await fetch(`${base}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${base}/api/user/nobody-here`, { headers: { cookie } })).status).toBe(404);
    for (let n = 0; n < 2; n++) expect((await fetch(`${base}/api/feed`, { headers: { cookie } })).status).toBe(200);

    const scrape = await (await fetch(metricsUrl)).text();
    const http = (method: string, route: string, statusClass: string) =>
      sample(
        scrape,
        `tip_http_request_duration_seconds_count{method="${method}",route="${route}",status_class="${statusClass}"}`,
      );
    expect(http('GET', '/api/auth/user', '2xx')).toBe(3);
    expect(http('POST', '/api/auth/login', '2xx')).toBe(1);
    expect(http('GET', '/api/user/:id', '4xx')).toBe(1);
    expect(
      sample(
        scrape,
        'tip_grpc_server_duration_seconds_count{service="tip.identity.v1.Identity",method="Login",code="OK"}',
      ),
    ).toBe(1);
    expect(scrape).toMatch(
      /tip_grpc_server_duration_seconds_count\{service="tip.identity.v1.Identity",method="GetUser",code="NOT_FOUND"\} [1-9]/,
    );
    expect(sample(scrape, 'tip_socket_connected')).toBe(0);
    // The business's figures and the events' health, named as the alert rules and the dashboard read them.
    for (const name of [
      'tip_ledger_entries_total',
      'tip_ledger_credits_total',
      'tip_payments_total',
      'tip_posts_created_total',
      'tip_messages_sent_total',
      'tip_moderation_decisions_total',
      'tip_reports_filed_total',
      'tip_rate_limit_refusals_total',
      'tip_feed_page_cache_total',
      'tip_event_handler_failures_total',
    ]) {
      expect(scrape).toContain(`# TYPE ${name} counter`);
    }
    expect(sample(scrape, 'tip_outbox_pending_documents{topic="identity.users"}')).toBeGreaterThanOrEqual(0);
    expect(sample(scrape, 'tip_outbox_oldest_event_age_seconds{topic="wallet.ledger"}')).toBeGreaterThanOrEqual(0);
    expect(sample(scrape, 'tip_feed_page_cache_total{result="miss"}')).toBe(1);
    expect(sample(scrape, 'tip_feed_page_cache_total{result="hit"}')).toBe(1);
    expect(scrape).toMatch(/tip_event_consumer_lag\{group="bff-users",topic="identity\.users"\} \d+/);
    expect(scrape).toContain('# TYPE tip_socket_pushes_total counter');
    expect(scrape).toContain('tip_nodejs_eventloop_lag_p99_seconds');
    expect(scrape).toContain('tip_process_resident_memory_bytes');
  });

  it('names in the alert rules and the dashboard only metrics a scrape has', async () => {
    const root = new URL('../../../deploy/observability/', import.meta.url);
    const rules = parse(readFileSync(new URL('alerts.yml', root), 'utf8')) as {
      groups: { rules: { alert: string; expr: string; annotations: { summary: string } }[] }[];
    };
    const dashboard = JSON.parse(readFileSync(new URL('grafana/dashboards/tip.json', root), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.length).toBeGreaterThanOrEqual(7);
    for (const alert of alerts) expect(alert.annotations.summary).not.toBe('');
    const expressions = [
      ...alerts.map((alert) => alert.expr),
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
    ];
    const named = new Set(
      expressions.flatMap((expr) =>
        [...expr.matchAll(/\btip_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|count|sum)$/, '')),
      ),
    );
    const scrape = await (await fetch(metricsUrl)).text();
    const missing = [...named].filter((name) => !scrape.includes(`# TYPE ${name} `));
    expect({ named: named.size, missing }).toEqual({ named: expect.any(Number), missing: [] });
    expect(named.size).toBeGreaterThanOrEqual(15);
  });

  it('is not served on the public port', async () => {
    expect((await fetch(`${base}/metrics`)).headers.get('content-type')).not.toMatch(/text\/plain; version=0.0.4/);
  });
});
