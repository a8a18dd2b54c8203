"""The service tables: tenants and keys, packets, files, documents, results, outbox, blobs, read cache.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 23:03:58.178022
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('blobs',
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('size', sa.BigInteger(), nullable=False),
    sa.Column('data', sa.LargeBinary(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('sha256', name=op.f('pk_blobs'))
    )
    op.create_table('read_cache',
    sa.Column('fingerprint', sa.String(length=32), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('body', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('fingerprint', 'sha256', name=op.f('pk_read_cache'))
    )
    with op.batch_alter_table('read_cache', schema=None) as batch_op:
        batch_op.create_index('ix_read_cache_sha256', ['sha256'], unique=False)

    op.create_table('tenants',
    sa.Column('id', sa.String(length=40), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('secret_version', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tenants')),
    sa.UniqueConstraint('name', name=op.f('uq_tenants_name'))
    )
    op.create_table('api_keys',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('tenant_id', sa.String(length=40), nullable=False),
    sa.Column('role', sa.String(length=16), nullable=False),
    sa.Column('label', sa.String(length=200), nullable=True),
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['tenant_id'], ['tenants.id'], name=op.f('fk_api_keys_tenant_id_tenants'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_api_keys')),
    sa.UniqueConstraint('key_hash', name=op.f('uq_api_keys_key_hash'))
    )
    with op.batch_alter_table('api_keys', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_api_keys_tenant_id'), ['tenant_id'], unique=False)

    op.create_table('authority_rulebooks',
    sa.Column('rulebook_id', sa.String(length=100), nullable=False),
    sa.Column('tenant_id', sa.String(length=40), nullable=False),
    sa.ForeignKeyConstraint(['tenant_id'], ['tenants.id'], name=op.f('fk_authority_rulebooks_tenant_id_tenants'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('rulebook_id', name=op.f('pk_authority_rulebooks'))
    )
    with op.batch_alter_table('authority_rulebooks', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_authority_rulebooks_tenant_id'), ['tenant_id'], unique=False)

    op.create_table('packets',
    sa.Column('id', sa.String(length=40), nullable=False),
    sa.Column('tenant_id', sa.String(length=40), nullable=False),
    sa.Column('authority_id', sa.String(length=40), nullable=True),
    sa.Column('rulebook_id', sa.String(length=100), nullable=False),
    sa.Column('reference_date', sa.Date(), nullable=False),
    sa.Column('facts', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'), nullable=False),
    sa.Column('callback_url', sa.String(length=2000), nullable=True),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('files_total', sa.Integer(), nullable=False),
    sa.Column('pages_total', sa.Integer(), nullable=False),
    sa.Column('error_code', sa.String(length=80), nullable=True),
    sa.Column('error_detail', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('dispatched_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['authority_id'], ['tenants.id'], name=op.f('fk_packets_authority_id_tenants'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['tenant_id'], ['tenants.id'], name=op.f('fk_packets_tenant_id_tenants'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_packets'))
    )
    with op.batch_alter_table('packets', schema=None) as batch_op:
        batch_op.create_index('ix_packets_authority_created', ['authority_id', 'created_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_packets_status'), ['status'], unique=False)
        batch_op.create_index('ix_packets_tenant_created', ['tenant_id', 'created_at'], unique=False)

    op.create_table('callbacks',
    sa.Column('packet_id', sa.String(length=40), nullable=False),
    sa.Column('event', sa.String(length=32), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('next_attempt_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_status_code', sa.Integer(), nullable=True),
    sa.Column('last_error', sa.String(length=500), nullable=True),
    sa.Column('delivered_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['packet_id'], ['packets.id'], name=op.f('fk_callbacks_packet_id_packets'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('packet_id', name=op.f('pk_callbacks'))
    )
    op.create_table('idempotency_keys',
    sa.Column('tenant_id', sa.String(length=40), nullable=False),
    sa.Column('key', sa.String(length=255), nullable=False),
    sa.Column('request_hash', sa.String(length=64), nullable=False),
    sa.Column('packet_id', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['packet_id'], ['packets.id'], name=op.f('fk_idempotency_keys_packet_id_packets'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['tenant_id'], ['tenants.id'], name=op.f('fk_idempotency_keys_tenant_id_tenants'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('tenant_id', 'key', name=op.f('pk_idempotency_keys'))
    )
    with op.batch_alter_table('idempotency_keys', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_idempotency_keys_packet_id'), ['packet_id'], unique=False)

    op.create_table('packet_files',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
    sa.Column('packet_id', sa.String(length=40), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('filename', sa.String(length=500), nullable=False),
    sa.Column('sha256', sa.String(length=64), nullable=False),
    sa.Column('size', sa.BigInteger(), nullable=False),
    sa.Column('media_type', sa.String(length=64), nullable=False),
    sa.Column('pages', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['packet_id'], ['packets.id'], name=op.f('fk_packet_files_packet_id_packets'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_packet_files')),
    sa.UniqueConstraint('packet_id', 'position', name='uq_packet_files_position')
    )
    with op.batch_alter_table('packet_files', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_packet_files_packet_id'), ['packet_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_packet_files_sha256'), ['sha256'], unique=False)

    op.create_table('results',
    sa.Column('packet_id', sa.String(length=40), nullable=False),
    sa.Column('verdict', sa.String(length=16), nullable=False),
    sa.Column('body', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['packet_id'], ['packets.id'], name=op.f('fk_results_packet_id_packets'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('packet_id', name=op.f('pk_results'))
    )
    op.create_table('documents',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
    sa.Column('packet_id', sa.String(length=40), nullable=False),
    sa.Column('file_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('type', sa.String(length=40), nullable=False),
    sa.Column('body', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'), nullable=False),
    sa.ForeignKeyConstraint(['file_id'], ['packet_files.id'], name=op.f('fk_documents_file_id_packet_files'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['packet_id'], ['packets.id'], name=op.f('fk_documents_packet_id_packets'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_documents')),
    sa.UniqueConstraint('file_id', 'seq', name='uq_documents_file_seq')
    )
    with op.batch_alter_table('documents', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_documents_packet_id'), ['packet_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('documents', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_documents_packet_id'))

    op.drop_table('documents')
    op.drop_table('results')
    with op.batch_alter_table('packet_files', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_packet_files_sha256'))
        batch_op.drop_index(batch_op.f('ix_packet_files_packet_id'))

    op.drop_table('packet_files')
    with op.batch_alter_table('idempotency_keys', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_idempotency_keys_packet_id'))

    op.drop_table('idempotency_keys')
    op.drop_table('callbacks')
    with op.batch_alter_table('packets', schema=None) as batch_op:
        batch_op.drop_index('ix_packets_tenant_created')
        batch_op.drop_index(batch_op.f('ix_packets_status'))
        batch_op.drop_index('ix_packets_authority_created')

    op.drop_table('packets')
    with op.batch_alter_table('authority_rulebooks', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_authority_rulebooks_tenant_id'))

    op.drop_table('authority_rulebooks')
    with op.batch_alter_table('api_keys', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_keys_tenant_id'))

    op.drop_table('api_keys')
    op.drop_table('tenants')
    with op.batch_alter_table('read_cache', schema=None) as batch_op:
        batch_op.drop_index('ix_read_cache_sha256')

    op.drop_table('read_cache')
    op.drop_table('blobs')
