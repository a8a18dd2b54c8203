"""What the quotas count is kept apart from the packets (upload_usage: when, how many pages), so
that deleting a packet does not give back its share of a tenant's quota. Filled at upgrade with
the last day's packets.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06 21:10:00
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'upload_usage',
        sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
        sa.Column('tenant_id', sa.String(length=40), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('pages', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['tenant_id'], ['tenants.id'], name=op.f('fk_upload_usage_tenant_id_tenants'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_upload_usage')),
    )
    op.create_index('ix_upload_usage_tenant_created', 'upload_usage', ['tenant_id', 'created_at'], unique=False)
    since = datetime.now(timezone.utc) - timedelta(days=1)
    op.get_bind().execute(sa.text(
        "INSERT INTO upload_usage (tenant_id, created_at, pages) "
        "SELECT tenant_id, created_at, pages_total FROM packets WHERE created_at > :since"), {"since": since})


def downgrade() -> None:
    op.drop_index('ix_upload_usage_tenant_created', table_name='upload_usage')
    op.drop_table('upload_usage')
