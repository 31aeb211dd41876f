// bench/peer/job-data.mjs: the peer of a job's data (issue 45, item 3: "a job's data ≥ 5× the Node +
// Fastify + PostgreSQL peer"). A common way to write GET /api/job_postings/slug/{slug}: Fastify, the
// `pg` pool, one statement per request — the same statement jobhafen's jobs actor sends for the
// detail (actors/jobs/jobs_actor.cpp, JH_DETAIL_SELECT), the row sent as JSON (Fastify's serializer;
// no compression, which spares the peer work jobhafen does). 404 for no such job, 410 for one that
// ended. One process per core (node:cluster, BENCH_PEER_WORKERS, 2 as jobhafen's loops), each with a
// pool of 4 connections as a jobhafen loop has.
//
// Usage: DATABASE_URL=postgresql://… PORT=8099 node bench/peer/job-data.mjs
import cluster from 'node:cluster';
import Fastify from 'fastify';
import pg from 'pg';

const workers = Number(process.env.BENCH_PEER_WORKERS ?? 2);

const detailBySlug = `SELECT c.*, j.description,
  (SELECT coalesce(json_agg(json_build_object('id', i.id, 'slug', i.slug, 'name', i.name) ORDER BY i.sort_order), '[]')
     FROM industries AS i WHERE i.id = ANY (j.industry_ids))::text AS industries, to_json(j.brands)::text AS brands,
  j.period_description, j.salary_description, j.overnight_stay_allowance, j.travel_expenses, j.special_payments,
  j.working_time, j.benefits, j.requirement, coalesce(j.contact_name, o.contact_name) AS contact_name,
  coalesce(j.contact_email, o.contact_email)::text AS contact_email, coalesce(j.contact_phone, o.contact_phone) AS contact_phone,
  o.website, coalesce(o.company_name, o.name) AS company_name, o.legal_form, o.street, o.zipcode, o.city AS org_city, o.country,
  o.vat_id, o.register_court, o.register_number, to_json(j.updated_at) #>> '{}' AS updated_at, j.is_published AS live_published,
  j.active AS live_active, (j.valid_through IS NOT NULL AND j.valid_through <= now()) AS ended, rt.median_seconds, rt.sample_size,
  jh_job_shifts_end(j.id) AS shifts_end, j.base_salary_max::text AS base_salary_max, j.wage_exemption
  FROM job_postings AS j JOIN organizations AS o ON o.id = j.organization_id
  LEFT JOIN organization_response_times AS rt ON rt.organization_id = o.id
  CROSS JOIN LATERAL jh_job_cards(ARRAY[j.id], NULL, NULL) AS c
  WHERE j.slug = $1::text`;

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (w, code) => { if (code) process.exit(code); });
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
  const app = Fastify({ logger: false });
  app.get('/api/job_postings/slug/:slug', async (request, reply) => {
    const { rows } = await pool.query({ name: 'detail', text: detailBySlug, values: [request.params.slug] });
    const row = rows[0];
    if (!row || !row.live_published) return reply.code(404).send({ status: 404, message: 'Diese Stelle gibt es nicht.' });
    if (!row.live_active || row.ended) return reply.code(410).send({ status: 410, message: 'JobPosting is inactive!' });
    return row;
  });
  app.get('/api/bench/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: Number(process.env.PORT ?? 8099), host: '127.0.0.1' });
}
