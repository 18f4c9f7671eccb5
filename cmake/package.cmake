# cpack -G DEB: tpcc_<version>_<arch>.deb from cmake --install's layout
# (CMakeLists.txt), with the shared libraries it links found by
# dpkg-shlibdeps, psql's client as a dependency and a server as a
# recommendation (tpcc quickstart starts one), and the changelog and
# copyright file Debian's policy asks for. Built and checked (lintian when
# installed) by tests/install/package_deb.sh.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME tpcc)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "tpcc maintainers <tpcc-maintainers@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "TPC-C, sysbench, pgbench and bulk-ingest benchmarks for PostgreSQL")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "tpcc loads TPC-C warehouses in parallel (COPY or multi-row INSERT,\n\
resumable) and drives the five transactions from many terminals, reporting\n\
tpmC, tpmTOTAL and latency percentiles and judging the run against the\n\
TPC-C rules. The same engine runs sysbench's oltp tests, pgbench's scripts\n\
and a bulk ingest from their own command lines, on a primary and its hot\n\
standbys, on Citus, and from several driver hosts.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION database)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "postgresql-client")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "postgresql")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/package)
include(CPack)
