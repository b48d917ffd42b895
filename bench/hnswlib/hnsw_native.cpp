// hnsw_native: hnswlib (Debian libhnswlib-dev, header-only) compiled with
// g++ -O3 -march=native, on the raw files bench/inproc -export writes.
// Usage: hnsw_native DIR M EF_CONSTRUCTION THREADS NQ EF1,EF2,... [build|sweep]
// build (default): builds on THREADS threads (addPoint in parallel), saves
// the index to DIR/hnswlib-m<M>-efc<EFC>.idx, then sweeps; sweep: loads
// that file and sweeps. Prints one JSON line: build seconds (build mode)
// and per ef_search the one-thread QPS (best of 3, per wall second and per
// CPU second of the process, qps_1_thread_cpu) and recall@10 over the
// first NQ queries (ann-benchmarks rule, see bench/inproc/doc.go).
#include <hnswlib/hnswlib.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

static std::vector<float> readFloats(const std::string &path, size_t n) {
    std::vector<float> v(n);
    std::ifstream f(path, std::ios::binary);
    f.read(reinterpret_cast<char *>(v.data()), n * sizeof(float));
    if (!f) { fprintf(stderr, "short read %s\n", path.c_str()); exit(1); }
    return v;
}

static double now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// cpuNow is the process's CPU time in seconds: queries per CPU second vary
// less than per wall second on a machine shared with other work.
static double cpuNow() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 7 && argc != 8) { fprintf(stderr, "usage: %s DIR M EFC THREADS NQ EFS [build|sweep]\n", argv[0]); return 2; }
    bool sweepOnly = argc == 8 && std::string(argv[7]) == "sweep";
    std::string dir = argv[1];
    int M = atoi(argv[2]), efc = atoi(argv[3]), threads = atoi(argv[4]), nq = atoi(argv[5]);
    // DIR/shape holds "N DIM" (bench/inproc -export writes it); without
    // it, Fashion-MNIST's 60,000 x 784.
    size_t n = 60000, dim = 784;
    const size_t gtK = 100, k = 10;
    {
        std::ifstream shape(dir + "/shape");
        if (shape) shape >> n >> dim;
    }
    auto base = readFloats(dir + "/base.f32", n * dim);
    auto qs = readFloats(dir + "/queries.f32", 10000 * dim);
    auto gt = readFloats(dir + "/gt_dist.f32", 10000 * gtK);

    hnswlib::L2Space space(dim);
    std::string path = dir + "/hnswlib-m" + argv[2] + "-efc" + argv[3] + ".idx";
    hnswlib::HierarchicalNSW<float> *idx;
    double build = 0;
    if (sweepOnly) {
        idx = new hnswlib::HierarchicalNSW<float>(&space, path);
    } else {
        idx = new hnswlib::HierarchicalNSW<float>(&space, n, M, efc, 100);
        double t0 = now();
        idx->addPoint(base.data(), 0);
        std::atomic<size_t> next(1);
        std::vector<std::thread> ts;
        for (int t = 0; t < threads; t++)
            ts.emplace_back([&] {
                for (size_t i = next++; i < n; i = next++) idx->addPoint(base.data() + i * dim, i);
            });
        for (auto &t : ts) t.join();
        build = now() - t0;
        idx->saveIndex(path);
    }
    auto &index = *idx;

    printf("{\"target\":\"hnswlib-native\",\"m\":%d,\"ef_construction\":%d,\"threads\":%d,", M, efc, threads);
    if (!sweepOnly) printf("\"build_seconds\":%.3f,", build);
    printf("\"sweep\":[");
    std::stringstream efs(argv[6]);
    std::string tok;
    bool first = true;
    while (std::getline(efs, tok, ',')) {
        int ef = atoi(tok.c_str());
        index.setEf(ef);
        double best = 0, bestCPU = 0;
        size_t hits = 0;
        for (int run = 0; run < 3; run++) {
            hits = 0;
            double s = now(), c = cpuNow();
            for (int i = 0; i < nq; i++) {
                auto res = index.searchKnn(qs.data() + i * dim, k);
                float lim = gt[i * gtK + k - 1] + 1e-3f;
                while (!res.empty()) {
                    if (std::sqrt(res.top().first) <= lim) hits++;
                    res.pop();
                }
            }
            double q = nq / (now() - s), qc = nq / (cpuNow() - c);
            if (q > best) best = q;
            if (qc > bestCPU) bestCPU = qc;
        }
        printf("%s{\"ef_search\":%d,\"queries\":%d,\"qps_1_thread\":%.1f,\"qps_1_thread_cpu\":%.1f,\"recall_at_10\":%.4f}",
               first ? "" : ",", ef, nq, best, bestCPU, double(hits) / (k * nq));
        first = false;
    }
    printf("]}\n");
    return 0;
}
