"""Corrections: a clerk's or a carrier's word on a field, kept with the packet.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-05 07:30:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'corrections',
        sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), autoincrement=True, nullable=False),
        sa.Column('packet_id', sa.String(length=40), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('tenant_id', sa.String(length=40), nullable=False),
        sa.Column('idempotency_key', sa.String(length=255), nullable=True),
        sa.Column('request_hash', sa.String(length=64), nullable=False),
        sa.Column('body', sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), 'postgresql'),
                  nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['packet_id'], ['packets.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('packet_id', 'seq', name='uq_corrections_seq'),
        sa.UniqueConstraint('packet_id', 'idempotency_key', name='uq_corrections_idempotency'),
    )
    with op.batch_alter_table('corrections', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_corrections_packet_id'), ['packet_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('corrections', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_corrections_packet_id'))
    op.drop_table('corrections')
