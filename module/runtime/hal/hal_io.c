// SPDX-License-Identifier: GPL-2.0-only
/*
 * hal.dll I/O: READ/WRITE_PORT_* and READ/WRITE_REGISTER_* (single and
 * buffer forms) routed to the host, which reaches real or simulated
 * hardware; bus address translation.
 */
#include "nt/nt_api.h"
#include "nt/nt_exports.h"

#define PORT(p) ((u32)(uintptr_t)(p))

UCHAR NTAPI ndlw_READ_PORT_UCHAR(UCHAR *port)
{
	return (UCHAR)ndl_os_port_read(PORT(port), 1);
}

USHORT NTAPI ndlw_READ_PORT_USHORT(USHORT *port)
{
	return (USHORT)ndl_os_port_read(PORT(port), 2);
}

ULONG NTAPI ndlw_READ_PORT_ULONG(ULONG *port)
{
	return ndl_os_port_read(PORT(port), 4);
}

void NTAPI ndlw_WRITE_PORT_UCHAR(UCHAR *port, UCHAR v)
{
	ndl_os_port_write(PORT(port), 1, v);
}

void NTAPI ndlw_WRITE_PORT_USHORT(USHORT *port, USHORT v)
{
	ndl_os_port_write(PORT(port), 2, v);
}

void NTAPI ndlw_WRITE_PORT_ULONG(ULONG *port, ULONG v)
{
	ndl_os_port_write(PORT(port), 4, v);
}

void NTAPI ndlw_READ_PORT_BUFFER_UCHAR(UCHAR *port, UCHAR *buf, ULONG n)
{
	for (ULONG i = 0; i < n; i++)
		buf[i] = (UCHAR)ndl_os_port_read(PORT(port), 1);
}

void NTAPI ndlw_READ_PORT_BUFFER_USHORT(USHORT *port, USHORT *buf, ULONG n)
{
	for (ULONG i = 0; i < n; i++)
		buf[i] = (USHORT)ndl_os_port_read(PORT(port), 2);
}

void NTAPI ndlw_READ_PORT_BUFFER_ULONG(ULONG *port, ULONG *buf, ULONG n)
{
	for (ULONG i = 0; i < n; i++)
		buf[i] = ndl_os_port_read(PORT(port), 4);
}

void NTAPI ndlw_WRITE_PORT_BUFFER_UCHAR(UCHAR *port, UCHAR *buf, ULONG n)
{
	for (ULONG i = 0; i < n; i++)
		ndl_os_port_write(PORT(port), 1, buf[i]);
}

void NTAPI ndlw_WRITE_PORT_BUFFER_USHORT(USHORT *port, USHORT *buf, ULONG n)
{
	for (ULONG i = 0; i < n; i++)
		ndl_os_port_write(PORT(port), 2, buf[i]);
}

void NTAPI ndlw_WRITE_PORT_BUFFER_ULONG(ULONG *port, ULONG *buf, ULONG n)
{
	for (ULONG i = 0; i < n; i++)
		ndl_os_port_write(PORT(port), 4, buf[i]);
}

UCHAR NTAPI ndlw_READ_REGISTER_UCHAR(UCHAR __iomem *reg)
{
	return (UCHAR)ndl_os_mmio_read(reg, 1);
}

USHORT NTAPI ndlw_READ_REGISTER_USHORT(USHORT __iomem *reg)
{
	return (USHORT)ndl_os_mmio_read(reg, 2);
}

ULONG NTAPI ndlw_READ_REGISTER_ULONG(ULONG __iomem *reg)
{
	return (ULONG)ndl_os_mmio_read(reg, 4);
}

ULONG64 NTAPI ndlw_READ_REGISTER_ULONG64(ULONG64 __iomem *reg)
{
	return ndl_os_mmio_read(reg, 8);
}

void NTAPI ndlw_WRITE_REGISTER_UCHAR(UCHAR __iomem *reg, UCHAR v)
{
	ndl_os_mmio_write(reg, 1, v);
}

void NTAPI ndlw_WRITE_REGISTER_USHORT(USHORT __iomem *reg, USHORT v)
{
	ndl_os_mmio_write(reg, 2, v);
}

void NTAPI ndlw_WRITE_REGISTER_ULONG(ULONG __iomem *reg, ULONG v)
{
	ndl_os_mmio_write(reg, 4, v);
}

void NTAPI ndlw_WRITE_REGISTER_ULONG64(ULONG64 __iomem *reg, ULONG64 v)
{
	ndl_os_mmio_write(reg, 8, v);
}

/* Buffer forms: each element from/to the same register, as Windows. */
#define REG_BUFFER(T, SZ)						\
void NTAPI ndlw_READ_REGISTER_BUFFER_##T(T __iomem *reg, T buf[],	\
					 ULONG n)			\
{									\
	for (ULONG i = 0; i < n; i++)					\
		buf[i] = (T)ndl_os_mmio_read(reg, SZ);			\
}									\
void NTAPI ndlw_WRITE_REGISTER_BUFFER_##T(T __iomem *reg, T buf[],	\
					  ULONG n)			\
{									\
	for (ULONG i = 0; i < n; i++)					\
		ndl_os_mmio_write(reg, SZ, buf[i]);			\
}
REG_BUFFER(UCHAR, 1)
REG_BUFFER(USHORT, 2)
REG_BUFFER(ULONG, 4)

/* PCI and ISA bus addresses are CPU physical addresses on x86_64. */
BOOLEAN NTAPI ndlw_HalTranslateBusAddress(int iface, ULONG bus,
					  PHYSICAL_ADDRESS bus_addr,
					  ULONG *space, PHYSICAL_ADDRESS *out)
{
	*out = bus_addr;
	return TRUE;
}
