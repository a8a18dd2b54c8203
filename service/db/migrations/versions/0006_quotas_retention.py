"""Per-tenant quotas and retention (tenants.limits), and an authority's hold on a packet
(packets.held_at) that keeps it past its retention period.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06 18:10:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    json = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
    with op.batch_alter_table('tenants', schema=None) as batch_op:
        batch_op.add_column(sa.Column('limits', json, nullable=True))
    with op.batch_alter_table('packets', schema=None) as batch_op:
        batch_op.add_column(sa.Column('held_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.create_index('ix_packets_finished_at', ['finished_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('packets', schema=None) as batch_op:
        batch_op.drop_index('ix_packets_finished_at')
        batch_op.drop_column('held_at')
    with op.batch_alter_table('tenants', schema=None) as batch_op:
        batch_op.drop_column('limits')
